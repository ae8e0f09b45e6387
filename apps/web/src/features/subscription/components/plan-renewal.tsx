import type { PlanRenewal } from '@skillwise/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate, formatPrice } from '@/lib/format';
import { type MessageId, t as translate } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
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
    ? translate('admin.subscription.renewal.cardEnding', { last4: renewal.card_last4 })
    : renewal.renews_through === 'paypal'
      ? translate('admin.subscription.renewal.yourPayPal')
      : translate('admin.subscription.renewal.savedCard');

/** The provider whose own subscription renews the plan, by name (docs/decisions/027). */
const PROVIDER_NAMES: Record<NonNullable<PlanRenewal['renews_through']>, MessageId> = {
  sandbox: 'admin.subscription.renewal.sandbox',
  paypal: 'admin.subscription.renewal.paypal',
  stripe: 'admin.subscription.renewal.stripe',
};
export const renewsThrough = (renewal: PlanRenewal) =>
  renewal.renews_through ? translate(PROVIDER_NAMES[renewal.renews_through]) : null;

/** The renewal's state in a word, as the chip beside "Auto-renew" shows it. */
const STATE: Record<PlanRenewal['status'], { label: MessageId; tone: ChipTone }> = {
  none: { label: 'admin.subscription.renewal.off', tone: 'muted' },
  active: { label: 'admin.subscription.renewal.on', tone: 'green' },
  cancelling: { label: 'admin.subscription.renewal.offCancelled', tone: 'amber' },
  past_due: { label: 'admin.subscription.renewal.onFailed', tone: 'red' },
  lapsed: { label: 'admin.subscription.renewal.offEnded', tone: 'muted' },
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
  const t = useT();
  if (renewal.status === 'past_due') {
    return (
      <Alert className={className}>
        <T
          id="admin.subscription.renewal.failedAlert"
          values={{
            grace: formatDate(renewal.grace_ends_at),
            where: onPlansScreen ? 'below' : 'link',
            retry: renewsThrough(renewal)
              ? t('admin.subscription.renewal.providerRetries', {
                  provider: renewsThrough(renewal) ?? '',
                  card: paidWith(renewal),
                })
              : t('admin.subscription.renewal.weRetry', { card: paidWith(renewal) }),
          }}
          components={{ 0: <Link to={paths.admin.subscription} className="font-semibold underline" /> }}
        />
      </Alert>
    );
  }
  if (renewal.status === 'lapsed') {
    return (
      <Alert className={className}>
        <T
          id="admin.subscription.renewal.lapsedAlert"
          values={{ date: formatDate(renewal.ends_at) }}
          components={{ 0: <Link to={paths.admin.subscription} className="font-semibold underline" /> }}
        />
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
  const t = useT();
  const cancel = useCancelPlan();
  const resume = useResumePlan();
  const [confirming, setConfirming] = useState<'cancel' | 'resume' | null>(null);
  // A PayPal subscription the school has still to approve renews nothing yet (docs/decisions/028).
  const approveUrl = renewal.status === 'active' ? renewal.renewal_approval_url : null;
  const state: (typeof STATE)[PlanRenewal['status']] = approveUrl
    ? { label: 'admin.subscription.renewal.offAwaiting', tone: 'amber' }
    : STATE[renewal.status];
  // The renewal's price, when it is known, as the sentences about it say it.
  const amount = {
    priced: renewal.renewal_amount === null ? 'no' : 'yes',
    amount: renewal.renewal_amount === null ? '' : formatPrice(renewal.renewal_amount),
    currency: renewal.currency,
  };
  const through = renewsThrough(renewal);

  const act = async (which: 'cancel' | 'resume') => {
    try {
      if (which === 'cancel') {
        const answer = await cancel.mutateAsync();
        notify.success(t('admin.subscription.renewal.cancelled', { date: formatDate(answer.ends_at) }));
      } else {
        const answer = await resume.mutateAsync();
        notify.success(t('admin.subscription.renewal.resumed', { date: formatDate(answer.renews_at) }));
      }
    } catch (error) {
      notifyFailure(error, t('admin.subscription.changeFailed'));
      throw error;
    }
  };

  return (
    <>
      <PlanStateAlert renewal={renewal} />
      <dl className="flex flex-col gap-3">
        <Row label={t('admin.subscription.renewal.autoRenew')}>
          <Chip tone={state.tone}>{t(state.label)}</Chip>
        </Row>
        {renewal.status === 'active' && approveUrl ? (
          <Row label={t('admin.subscription.renewal.renewsOn')}>
            {t('admin.subscription.renewal.renewsApprove', {
              date: formatDate(renewal.renews_at),
              ...amount,
            })}
          </Row>
        ) : renewal.status === 'active' ? (
          <Row label={t('admin.subscription.renewal.renewsOn')}>
            {t('admin.subscription.renewal.renewsCharged', {
              date: formatDate(renewal.renews_at),
              through: through ? 'provider' : 'none',
              provider: through ?? '',
              ...amount,
              card: paidWith(renewal),
            })}
          </Row>
        ) : null}
        {renewal.status === 'past_due' ? (
          <>
            <Row label={t('admin.subscription.renewal.nextTry')}>
              {t('admin.subscription.renewal.nextTryText', {
                date: formatDate(renewal.renews_at),
                ...amount,
                card: paidWith(renewal),
              })}
            </Row>
            <Row label={t('admin.subscription.renewal.graceUntil')}>{formatDate(renewal.grace_ends_at)}</Row>
          </>
        ) : null}
        {renewal.status === 'cancelling' ? (
          <Row label={t('admin.subscription.renewal.endsOn')}>{formatDate(renewal.ends_at)}</Row>
        ) : null}
        {renewal.card_last4 && renewal.status !== 'lapsed' ? (
          <Row label={t('admin.subscription.renewal.card')}>•••• {renewal.card_last4}</Row>
        ) : null}
        {renewal.scheduled_change && renewal.status !== 'cancelling' ? (
          <Row label={t('admin.subscription.renewal.scheduledChange')}>
            {t('admin.subscription.renewal.scheduledText', {
              plan: renewal.scheduled_change.plan,
              category: renewal.scheduled_change.subscriptionCategoryType,
              date: formatDate(renewal.scheduled_change.starts_at),
            })}
          </Row>
        ) : null}
      </dl>
      {approveUrl ? (
        <Alert tone="info">
          {t('admin.subscription.renewal.approveText', { date: formatDate(renewal.renews_at) })}
        </Alert>
      ) : null}
      {renewal.status === 'active' ? (
        <div className="flex flex-wrap gap-3">
          {approveUrl ? (
            <a href={approveUrl} className={buttonClassName()}>
              {t('admin.subscription.renewal.approve')}
            </a>
          ) : null}
          <Button variant="outline" onClick={() => setConfirming('cancel')}>
            {t('admin.subscription.renewal.cancelPlan')}
          </Button>
        </div>
      ) : null}
      {renewal.status === 'cancelling' ? (
        <div>
          <Button onClick={() => setConfirming('resume')}>
            {t('admin.subscription.renewal.resumePlan')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={t('admin.subscription.renewal.cancelTitle')}
        message={t('admin.subscription.renewal.cancelText', { date: formatDate(renewal.current_period_end) })}
        confirmLabel={t('admin.subscription.renewal.cancelPlan')}
        cancelLabel={t('admin.subscription.keepPlan')}
        busyLabel={t('admin.subscription.renewal.cancelling')}
        onClose={() => setConfirming(null)}
        onConfirm={() => act('cancel')}
      />
      <ConfirmDialog
        open={confirming === 'resume'}
        title={t('admin.subscription.renewal.resumeTitle')}
        message={t('admin.subscription.renewal.resumeText', {
          date: formatDate(renewal.current_period_end),
          ...amount,
          card: paidWith(renewal),
        })}
        confirmLabel={t('admin.subscription.renewal.resumePlan')}
        cancelLabel={t('admin.subscription.renewal.notNow')}
        busyLabel={t('admin.subscription.renewal.resuming')}
        tone="primary"
        onClose={() => setConfirming(null)}
        onConfirm={() => act('resume')}
      />
    </>
  );
};
