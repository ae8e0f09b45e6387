import { Card } from '@/components/ui/card';
import { MailIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { usePreferences, useSavePreferences } from '../api/notifications';

/** Whether notifications are also e-mailed (receipts always are); the unsubscribe link turns it off too. */
export const EmailSwitch = ({ hint }: { hint: string }) => {
  const t = useT();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const isOn = save.isPending ? save.variables : preferences.data?.email_notifications;
  const isReady = preferences.data !== undefined;

  const toggle = () => {
    if (isOn === undefined) return;
    const next = !isOn;
    save.mutate(next, {
      onSuccess: () =>
        notify.success(t(next ? 'learning.notifications.emailOn' : 'learning.notifications.emailOff')),
      onError: (error) => notify.error(errorMessage(error, t('learning.notifications.emailSaveFailed'))),
    });
  };

  return (
    <Card className="flex items-start gap-3 p-4 sm:items-center sm:p-5">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600"
      >
        <MailIcon className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p id="email-switch-label" className="text-sm font-semibold text-slate-900">
          {t('learning.notifications.emailMe')}
        </p>
        <p id="email-switch-hint" className="mt-0.5 text-sm text-slate-600">
          {preferences.isError
            ? errorMessage(preferences.error, t('learning.notifications.emailLoadFailed'))
            : hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={isOn === true}
        aria-labelledby="email-switch-label"
        aria-describedby="email-switch-hint"
        disabled={!isReady || save.isPending}
        onClick={toggle}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          'disabled:cursor-not-allowed disabled:opacity-60',
          isOn ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            isOn ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1',
          )}
        />
      </button>
    </Card>
  );
};
