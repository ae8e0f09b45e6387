import type { RefundPolicy } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
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
    ? 'Your courses carry no money-back guarantee: you decide on every refund request.'
    : `A buyer who asks within ${policy.refund_window_days} days${
        policy.refund_max_progress_percent === null
          ? ''
          : `, having completed at most ${policy.refund_max_progress_percent}% of the course,`
      } is refunded at once and loses the course; you decide on the other requests.`;

const PolicyForm = ({ policy }: { policy: RefundPolicy }) => {
  const save = useSetRefundPolicy();
  const form = useForm<PolicyDraft>({
    initial: () => draftOf(policy),
    validate: ({ days, maxProgress }) => {
      const window = wholeNumber(days);
      const progress = maxProgress.trim() === '' ? null : wholeNumber(maxProgress);
      return {
        fields: {
          days: window === null || window > 365 ? 'Enter a whole number of days from 0 to 365.' : undefined,
          maxProgress:
            maxProgress.trim() !== '' && (progress === null || progress > 100)
              ? 'Enter a whole percent from 0 to 100, or leave it empty.'
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
    notify.success('Your money-back guarantee is saved.');
  });
  const failure = form.failureMessage('Your guarantee could not be saved. Please try again.');
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Alert tone="info">{summaryOf(policy)}</Alert>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Days to ask for a refund"
          name="refund_window_days"
          inputMode="numeric"
          hint="0 turns the guarantee off."
          {...form.field('days')}
        />
        <TextField
          label="Most of the course completed (%)"
          labelNote="(optional)"
          name="refund_max_progress_percent"
          inputMode="numeric"
          hint="Empty: no limit."
          {...form.field('maxProgress')}
        />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex justify-end border-t border-slate-100 pt-4">
        <Button type="submit" isLoading={form.isSubmitting} loadingText="Saving...">
          Save guarantee
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
  const policy = useRefundPolicy();
  return (
    <TitledCard
      title="Money-back guarantee"
      description="When a buyer who asks for a refund gets it at once."
    >
      {policy.data ? (
        <PolicyForm key={JSON.stringify(policy.data)} policy={policy.data} />
      ) : policy.isError ? (
        <Alert>Could not load your guarantee.</Alert>
      ) : (
        <p className="text-sm text-slate-500">Loading...</p>
      )}
    </TitledCard>
  );
};
