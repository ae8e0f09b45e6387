import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { Button } from './button';

type FormActionsProps = {
  onCancel: () => void;
  isSubmitting: boolean;
  /** The submit button's text: 'Save', 'Add Student'. */
  submitLabel: string;
  /** Its text while the form submits. */
  loadingText?: string;
  /** Both buttons off (the form's work is done). */
  disabled?: boolean;
  className?: string;
};

/** A form's Cancel and submit buttons: at its end side by side, the submit button on top on a phone. */
export const FormActions = ({
  onCancel,
  isSubmitting,
  submitLabel,
  loadingText,
  disabled = false,
  className,
}: FormActionsProps) => {
  const t = useT();
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button variant="outline" onClick={onCancel} disabled={isSubmitting || disabled}>
        {t('common.ui.cancel')}
      </Button>
      <Button
        type="submit"
        isLoading={isSubmitting}
        loadingText={loadingText ?? t('common.ui.saving')}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
    </div>
  );
};
