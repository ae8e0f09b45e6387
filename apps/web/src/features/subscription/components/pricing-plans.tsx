import {
  type ChangePlanResponse,
  PLANS,
  type PlanCategory,
  type PlanName,
  type PricingRecord,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { readerText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate, formatPrice } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify, notifyFailure } from '@/lib/toast';
import { useCurrentPlan, usePricing } from '../api/pricing';
import { changePlan, useChangePlan, usePlanRenewal } from '../api/renewal';
import { type BillingType, PLAN_TAGLINES, planCategory, planFeatures, planPrice } from '../lib/plans';
import { BillingToggle } from './billing-toggle';
import { PlanFeatureList } from './plan-feature-list';
import { PlanStateAlert, renewsThrough } from './plan-renewal';
import { StorageUsage } from './storage-usage';

const HIGHLIGHTED: PlanName = 'Basic';

type PlanCardProps = {
  plan: PlanName;
  pricing: PricingRecord;
  price: number;
  billing: BillingType;
  isCurrent: boolean;
  onChoose: () => void;
};

const PlanCard = ({ plan, pricing, price, billing, isCurrent, onChoose }: PlanCardProps) => {
  const t = useT();
  const isHighlighted = plan === HIGHLIGHTED;
  return (
    <article
      aria-labelledby={`plan-${plan}`}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-white p-6 sm:p-8',
        isHighlighted
          ? 'border-brand-500 shadow-raised ring-1 ring-brand-500'
          : 'border-slate-200 shadow-card',
      )}
    >
      {isHighlighted ? (
        <span className="absolute inset-x-0 -top-3 mx-auto w-fit rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          {t('admin.subscription.mostPopular')}
        </span>
      ) : null}
      <h2 id={`plan-${plan}`} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        {plan}
        {isCurrent ? <Chip tone="green">{t('admin.subscription.currentPlan')}</Chip> : null}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{t(PLAN_TAGLINES[plan])}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{formatPrice(price)}</span>
        <span className="text-sm text-slate-500">
          {billing === 'monthly' ? t('admin.subscription.perMonth') : t('admin.subscription.perYear')}
        </span>
      </p>
      <p className="mt-1 h-5 text-xs text-slate-500">
        {billing === 'annual'
          ? t('admin.subscription.billedYearly', { price: formatPrice(price / 12) })
          : t('admin.subscription.billedMonthly')}
      </p>
      <Button
        variant={isHighlighted ? 'primary' : 'outline'}
        size="lg"
        fullWidth
        className="mt-6"
        aria-label={t('admin.subscription.getStartedWith', { plan })}
        onClick={onChoose}
      >
        {t('admin.subscription.getStarted')}
      </Button>
      <PlanFeatureList
        items={planFeatures(pricing, plan)}
        className="mt-8 flex flex-col gap-3 border-t border-slate-100 pt-6"
      />
    </article>
  );
};

/** SPEC §2.15: the three plans with server prices; choosing one stores it and opens checkout. */
export const PricingPlans = () => {
  const t = useT();
  const navigate = useNavigate();
  const [billing, setBilling] = useState<BillingType>('monthly');
  const pricing = usePricing();
  const current = useCurrentPlan();
  const running = current.data?.isSubscribed ? current.data : undefined;
  const renewal = usePlanRenewal();
  const change = useChangePlan();
  // A plan that renews by itself changes in place (organization/ChangePlan), confirmed with what it costs.
  // (One still to be approved at PayPal renews nothing yet: choosing a plan goes to checkout.)
  const renewing = renewal.data?.status === 'active' && renewal.data.auto_renew ? renewal.data : undefined;
  const [proposal, setProposal] = useState<{
    category: PlanCategory;
    plan: PlanName;
    quote: ChangePlanResponse;
  } | null>(null);

  const proposeChange = async (plan: PlanName) => {
    const category = planCategory(plan, billing);
    if (category === renewing?.subscriptionCategoryType && !renewing.scheduled_change) {
      notify.info(t('admin.subscription.alreadyOn', { plan }));
      return;
    }
    try {
      setProposal({ category, plan, quote: await changePlan(category, true) });
    } catch (error) {
      notifyFailure(error, t('admin.subscription.planChangeFailed'));
    }
  };

  const confirmChange = async () => {
    if (!proposal) return;
    try {
      const answer = await change.mutateAsync(proposal.category);
      notify.success(
        answer.change === 'upgrade'
          ? t('admin.subscription.nowOn', { plan: proposal.plan })
          : answer.change === 'scheduled'
            ? t('admin.subscription.changesOn', {
                plan: proposal.plan,
                date: formatDate(answer.renewal.current_period_end),
              })
            : t('admin.subscription.staysAsIs'),
      );
    } catch (error) {
      notifyFailure(error, t('admin.subscription.planChangeFailed'));
      throw error;
    }
  };

  const choose = (plan: PlanName, price: number) => {
    if (renewing) {
      void proposeChange(plan);
      return;
    }
    storage.set('billingType', billing);
    storage.set('price', price);
    storage.set('subscriptionCategory', planCategory(plan, billing));
    void navigate(paths.admin.checkout);
  };

  return (
    <div className="flex flex-col items-center gap-10">
      {renewal.data ? (
        <PlanStateAlert renewal={renewal.data} className="w-full max-w-3xl" onPlansScreen />
      ) : null}
      {renewing && running?.plan ? (
        <Alert tone="info" className="w-full max-w-3xl">
          <T
            id="admin.subscription.renewingAlert"
            values={{
              plan: running.plan,
              through: renewsThrough(renewing) ? 'provider' : 'none',
              provider: renewsThrough(renewing) ?? '',
              date: formatDate(renewing.renews_at),
            }}
            components={{ 0: <Link to={paths.admin.billing} className="font-semibold underline" /> }}
          />
        </Alert>
      ) : running?.plan && renewal.data?.status !== 'past_due' ? (
        <Alert tone="info" className="w-full max-w-3xl">
          <T
            id="admin.subscription.paidAlert"
            values={{ plan: running.plan, date: formatDate(running.subscriptionEndsAt) }}
            components={{ 0: <Link to={paths.admin.billing} className="font-semibold underline" /> }}
          />
        </Alert>
      ) : null}
      <StorageUsage className="w-full max-w-3xl" />
      <BillingToggle value={billing} onChange={setBilling} />
      {pricing.isError ? (
        <div className="flex w-full max-w-md flex-col items-center gap-3">
          <Alert className="w-full">{readerText(pricing.error.message)}</Alert>
          <Button variant="outline" onClick={() => void pricing.refetch()}>
            {t('admin.subscription.tryAgain')}
          </Button>
        </div>
      ) : pricing.isPending ? (
        <p role="status" className="py-16 text-slate-500">
          {t('admin.subscription.loading')}
        </p>
      ) : (
        <div className="grid w-full max-w-6xl gap-8 lg:grid-cols-3">
          {PLANS.map((plan) => {
            const price = planPrice(pricing.data, plan, billing);
            return (
              <PlanCard
                key={plan}
                plan={plan}
                pricing={pricing.data}
                price={price}
                billing={billing}
                isCurrent={running?.plan === plan}
                onChoose={() => choose(plan, price)}
              />
            );
          })}
        </div>
      )}
      <ConfirmDialog
        open={proposal !== null}
        title={
          proposal?.quote.change === 'upgrade'
            ? t('admin.subscription.upgradeTitle', { plan: proposal.plan })
            : t('admin.subscription.changeTitle', { plan: proposal?.plan ?? '' })
        }
        message={
          !proposal
            ? ''
            : proposal.quote.change === 'upgrade'
              ? t('admin.subscription.upgradeText', {
                  charged: formatPrice(proposal.quote.charged),
                  currency: proposal.quote.currency,
                  last4: proposal.quote.renewal.card_last4 ?? '—',
                  date: formatDate(proposal.quote.renewal.current_period_end),
                })
              : proposal.quote.change === 'scheduled'
                ? t('admin.subscription.scheduledText', {
                    date: formatDate(proposal.quote.renewal.current_period_end),
                    plan: proposal.plan,
                    category: proposal.category,
                  })
                : t('admin.subscription.withdrawnText')
        }
        confirmLabel={
          proposal?.quote.change === 'upgrade'
            ? t('admin.subscription.upgradeAndPay')
            : t('admin.subscription.confirmChange')
        }
        cancelLabel={t('admin.subscription.keepPlan')}
        busyLabel={t('admin.subscription.changing')}
        tone="primary"
        onClose={() => setProposal(null)}
        onConfirm={confirmChange}
      />
    </div>
  );
};
