import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { useT } from '@/lib/i18n/use-t';
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
  const t = useT();
  const copy = async () => {
    if (await copyText(value)) notify.success(t('admin.integrations.secret.copied', { label }));
    else notify.info(t('admin.integrations.secret.copyNow', { value }));
  };
  return (
    <Alert tone="success">
      <p className="font-medium">{t('admin.integrations.secret.shownOnce', { label })}</p>
      <code
        data-secret
        className="mt-2 block rounded-lg bg-white px-3 py-2 font-mono text-xs break-all text-slate-900"
      >
        {value}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          {t('admin.integrations.secret.copy')}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          {t('admin.integrations.secret.done')}
        </Button>
      </div>
    </Alert>
  );
};
