import type { RefundPolicy } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useRefundPolicy, useSetRefundPolicy } from '../api/payments';

type PolicyDraft = { days: string; maxProgress: string };

const wholeNumber = (text: string): number | null =>
  /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null;

const draftOf = (policy: RefundPolicy): PolicyDraft => ({
  days: String(policy.refund_window_days),
  maxProgress: policy.refund_max_progress_percent === null ? '' : String(policy.refund_max_progress_percent),
});

/** What the guarantee says to the school, in one line. */
const summaryOf = (policy: RefundPolicy): string =>
  policy.refund_window_days === 0
    ? translate('admin.payments.policy.none')
    : policy.refund_max_progress_percent === null
      ? translate('admin.payments.policy.days', { days: policy.refund_window_days })
      : translate('admin.payments.policy.daysProgress', {
          days: policy.refund_window_days,
          percent: policy.refund_max_progress_percent,
        });

const PolicyForm = ({ policy }: { policy: RefundPolicy }) => {
  const t = useT();
  const save = useSetRefundPolicy();
  const form = useForm<PolicyDraft>({
    initial: () => draftOf(policy),
    validate: ({ days, maxProgress }) => {
      const window = wholeNumber(days);
      const progress = maxProgress.trim() === '' ? null : wholeNumber(maxProgress);
      return {
        fields: {
          days: window === null || window > 365 ? t('admin.payments.policy.daysInvalid') : undefined,
          maxProgress:
            maxProgress.trim() !== '' && (progress === null || progress > 100)
              ? t('admin.payments.policy.percentInvalid')
              : undefined,
        },
      };
    },
    serverFields: { days: 'refund_window_days', maxProgress: 'refund_max_progress_percent' },
  });
  const onSubmit = form.handleSubmit(async ({ days, maxProgress }) => {
    await save.mutateAsync({
      refund_window_days: Number(days.trim()),
      refund_max_progress_percent: maxProgress.trim() === '' ? null : Number(maxProgress.trim()),
    });
    notify.success(t('admin.payments.policy.saved'));
  });
  const failure = form.failureMessage(t('admin.payments.policy.saveFailed'));
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Alert tone="info">{summaryOf(policy)}</Alert>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('admin.payments.policy.daysLabel')}
          name="refund_window_days"
          inputMode="numeric"
          hint={t('admin.payments.policy.daysHint')}
          {...form.field('days')}
        />
        <TextField
          label={t('admin.payments.policy.percentLabel')}
          labelNote={t('admin.payments.optional')}
          name="refund_max_progress_percent"
          inputMode="numeric"
          hint={t('admin.payments.noLimit')}
          {...form.field('maxProgress')}
        />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button type="submit" isLoading={form.isSubmitting} loadingText={t('admin.payments.saving')}>
          {t('admin.payments.policy.save')}
        </Button>
      </div>
    </form>
  );
};

/**
 * Settings: the school's money-back guarantee (docs/decisions/029): how many days after a purchase a
 * buyer is refunded on asking, and how much of the course they may have completed; outside them the
 * school decides on each request. The form starts again from what the server saved.
 */
export const RefundPolicyCard = () => {
  const t = useT();
  const policy = useRefundPolicy();
  return (
    <TitledCard title={t('admin.payments.policy.title')} description={t('admin.payments.policy.description')}>
      {policy.data ? (
        <PolicyForm key={JSON.stringify(policy.data)} policy={policy.data} />
      ) : policy.isError ? (
        <Alert>{t('admin.payments.policy.loadFailed')}</Alert>
      ) : (
        <p className="text-sm text-slate-500">{t('admin.payments.loading')}</p>
      )}
    </TitledCard>
  );
};
