import type { PlanRenewal } from '@skillwise/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate, formatPrice } from '@/lib/format';
import { paths } from '@/lib/paths';
import { notify, notifyFailure } from '@/lib/toast';
import { useCancelPlan, useResumePlan } from '../api/renewal';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
    <dt className="text-sm text-slate-500 sm:w-44 sm:shrink-0">{label}</dt>
    <dd className="text-sm font-medium break-words text-slate-900">{children}</dd>
  </div>
);

/** What a renewal is charged to: the saved card, or the PayPal account that approved the subscription. */
const paidWith = (renewal: PlanRenewal) =>
  renewal.card_last4
    ? `the card ending ${renewal.card_last4}`
    : renewal.renews_through === 'paypal'
      ? 'your PayPal account'
      : 'your saved card';

/** The provider whose own subscription renews the plan, by name (docs/decisions/027). */
const PROVIDER_NAMES: Record<NonNullable<PlanRenewal['renews_through']>, string> = {
  sandbox: 'the sandbox',
  paypal: 'PayPal',
  stripe: 'Stripe',
};
export const renewsThrough = (renewal: PlanRenewal) =>
  renewal.renews_through ? PROVIDER_NAMES[renewal.renews_through] : null;

/** The renewal's state in a word, as the chip beside "Auto-renew" shows it. */
const STATE: Record<PlanRenewal['status'], { label: string; tone: ChipTone }> = {
  none: { label: 'Off', tone: 'muted' },
  active: { label: 'On', tone: 'green' },
  cancelling: { label: 'Off: cancelled', tone: 'amber' },
  past_due: { label: 'On: payment failed', tone: 'red' },
  lapsed: { label: 'Off: ended', tone: 'muted' },
};

/**
 * What a failed renewal or a lapse means for the school (docs/decisions/025), shown on Plan & billing and
 * on the plans screen.
 */
export const PlanStateAlert = ({
  renewal,
  className,
  onPlansScreen = false,
}: {
  renewal: PlanRenewal;
  className?: string;
  /** On the plans screen itself, the way to pay is below rather than a link. */
  onPlansScreen?: boolean;
}) => {
  if (renewal.status === 'past_due') {
    return (
      <Alert className={className}>
        Your renewal payment failed. Update your card by {formatDate(renewal.grace_ends_at)}: pay for your
        plan with another card{' '}
        {onPlansScreen ? (
          'by choosing it below'
        ) : (
          <>
            on the{' '}
            <Link to={paths.admin.subscription} className="font-semibold underline">
              plans screen
            </Link>
          </>
        )}
        . Until then your plan keeps working and{' '}
        {renewsThrough(renewal)
          ? `${renewsThrough(renewal)} tries ${paidWith(renewal)} again`
          : `we try ${paidWith(renewal)} again daily`}
        ; unpaid, the plan ends on {formatDate(renewal.grace_ends_at)}.
      </Alert>
    );
  }
  if (renewal.status === 'lapsed') {
    return (
      <Alert className={className}>
        Your plan ended on {formatDate(renewal.ends_at)}. Your students keep the courses they have, but you
        cannot publish courses or add students until you{' '}
        <Link to={paths.admin.subscription} className="font-semibold underline">
          choose a plan
        </Link>{' '}
        again.
      </Alert>
    );
  }
  return null;
};

/**
 * Plan & billing's renewal (organization/GetPlanRenewal): whether the plan renews by itself, when and for
 * how much, the saved card, a change scheduled for the next period, the grace after a failed renewal; and
 * Cancel (at the period's end) or Resume, each confirmed first.
 */
export const PlanRenewalDetails = ({ renewal }: { renewal: PlanRenewal }) => {
  const cancel = useCancelPlan();
  const resume = useResumePlan();
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | null>(null);
  // A PayPal subscription the school has still to approve renews nothing yet (docs/decisions/028).
  const approveUrl = renewal.status === 'active' ? renewal.renewal_approval_url : null;
  const state: (typeof STATE)[PlanRenewal['status']] = approveUrl
    ? { label: 'Off: awaiting your approval', tone: 'amber' }
    : STATE[renewal.status];
  const amount =
    renewal.renewal_amount === null ? '' : ` for ${formatPrice(renewal.renewal_amount)} ${renewal.currency}`;

  const act = async (which: 'cancel' | 'resume') => {
    try {
      if (which === 'cancel') {
        const answer = await cancel.mutateAsync();
        notify.success(`Your plan is cancelled. It keeps working until ${formatDate(answer.ends_at)}.`);
      } else {
        const answer = await resume.mutateAsync();
        notify.success(`Your plan renews again on ${formatDate(answer.renews_at)}.`);
      }
    } catch (error) {
      notifyFailure(error, 'Your plan could not be changed. Please try again.');
      throw error;
    }
  };

  return (
    <>
      <PlanStateAlert renewal={renewal} />
      <dl className="flex flex-col gap-3">
        <Row label="Auto-renew">
          <Chip tone={state.tone}>{state.label}</Chip>
        </Row>
        {renewal.status === 'active' && approveUrl ? (
          <Row label="Renews on">
            {formatDate(renewal.renews_at)}
            {amount} through PayPal, once you approve it there
          </Row>
        ) : renewal.status === 'active' ? (
          <Row label="Renews on">
            {formatDate(renewal.renews_at)}
            {renewsThrough(renewal) ? ` through ${renewsThrough(renewal)}` : ''}
            {amount}, charged to {paidWith(renewal)}
          </Row>
        ) : null}
        {renewal.status === 'past_due' ? (
          <>
            <Row label="Next try">
              {formatDate(renewal.renews_at)}
              {amount}, {paidWith(renewal)}
            </Row>
            <Row label="Grace until">{formatDate(renewal.grace_ends_at)}</Row>
          </>
        ) : null}
        {renewal.status === 'cancelling' ? <Row label="Ends on">{formatDate(renewal.ends_at)}</Row> : null}
        {renewal.card_last4 && renewal.status !== 'lapsed' ? (
          <Row label="Card">•••• {renewal.card_last4}</Row>
        ) : null}
        {renewal.scheduled_change && renewal.status !== 'cancelling' ? (
          <Row label="Scheduled change">
            {renewal.scheduled_change.plan} ({renewal.scheduled_change.subscriptionCategoryType}) from{' '}
            {formatDate(renewal.scheduled_change.starts_at)}
          </Row>
        ) : null}
      </dl>
      {approveUrl ? (
        <Alert tone="info">
          Your plan was paid with PayPal. To have it renew by itself, approve the renewal at PayPal: nothing
          is charged before {formatDate(renewal.renews_at)}. Unapproved, your plan ends then unless you pay
          for it again.
        </Alert>
      ) : null}
      {renewal.status === 'active' ? (
        <div className="flex flex-wrap gap-3">
          {approveUrl ? (
            <a href={approveUrl} className={buttonClassName()}>
              Approve at PayPal
            </a>
          ) : null}
          <Button variant="outline" onClick={() => setConfirming('cancel')}>
            Cancel plan
          </Button>
        </div>
      ) : null}
      {renewal.status === 'cancelling' ? (
        <div>
          <Button onClick={() => setConfirming('resume')}>Resume plan</Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming === 'cancel'}
        title="Cancel your plan?"
        message={`It keeps working until ${formatDate(renewal.current_period_end)} and does not renew. After that you cannot publish courses or add students; your students keep the courses they have. You can resume it until then.`}
        confirmLabel="Cancel plan"
        cancelLabel="Keep my plan"
        busyLabel="Cancelling..."
        onClose={() => setConfirming(null)}
        onConfirm={() => act('cancel')}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        title="Resume your plan?"
        message={`It renews by itself on ${formatDate(renewal.current_period_end)}${amount}, charged to ${paidWith(renewal)}.`}
        confirmLabel="Resume plan"
        cancelLabel="Not now"
        busyLabel="Resuming..."
        tone="primary"
        onClose={() => setConfirming(null)}
        onConfirm={() => act('resume')}
      />
    </>
  );
};
