import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { notify } from '@/lib/toast';

/** A secret or key the server shows this once, with Copy and Done. */
export const SecretShownOnce = ({
  label,
  value,
  onDone,
}: {
  label: string;
  value: string;
  onDone: () => void;
}) => {
  const copy = async () => {
    if (await copyText(value)) notify.success(`${label} copied.`);
    else notify.info(`Copy it now: ${value}`);
  };
  return (
    <Alert tone="success">
      <p className="font-medium">{label}: copy it now, it is not shown again.</p>
      <code
        data-secret
        className="mt-2 block rounded-lg bg-white px-3 py-2 font-mono text-xs break-all text-slate-900"
      >
        {value}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </Alert>
  );
};
