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
import { cn } from '@/lib/cn';
import { formatDate, formatPrice } from '@/lib/format';
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
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white shadow-sm">
          Most popular
        </span>
      ) : null}
      <h2 id={`plan-${plan}`} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        {plan}
        {isCurrent ? <Chip tone="green">Current plan</Chip> : null}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{PLAN_TAGLINES[plan]}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{formatPrice(price)}</span>
        <span className="text-sm text-slate-500">{billing === 'monthly' ? '/ month' : '/ year'}</span>
      </p>
      <p className="mt-1 h-5 text-xs text-slate-500">
        {billing === 'annual' ? `${formatPrice(price / 12)} per month, billed yearly` : 'Billed monthly'}
      </p>
      <Button
        variant={isHighlighted ? 'primary' : 'outline'}
        size="lg"
        fullWidth
        className="mt-6"
        aria-label={`Get Started with ${plan}`}
        onClick={onChoose}
      >
        Get Started
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
      notify.info(`You are on the ${plan} plan already.`);
      return;
    }
    try {
      setProposal({ category, plan, quote: await changePlan(category, true) });
    } catch (error) {
      notifyFailure(error, 'The plan could not be changed. Please try again.');
    }
  };

  const confirmChange = async () => {
    if (!proposal) return;
    try {
      const answer = await change.mutateAsync(proposal.category);
      notify.success(
        answer.change === 'upgrade'
          ? `You are on the ${proposal.plan} plan now.`
          : answer.change === 'scheduled'
            ? `Your plan changes to ${proposal.plan} on ${formatDate(answer.renewal.current_period_end)}.`
            : 'Your plan stays as it is.',
      );
    } catch (error) {
      notifyFailure(error, 'The plan could not be changed. Please try again.');
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
          Your organisation is on the {running.plan} plan, which renews by itself
          {renewsThrough(renewing) ? ` through ${renewsThrough(renewing)}` : ''} on{' '}
          {formatDate(renewing.renews_at)}. A higher plan of the same billing period starts at once, for the
          difference over the rest of the period; any other plan starts at your next renewal.{' '}
          <Link to={paths.admin.billing} className="font-semibold underline">
            Back to Plan &amp; billing
          </Link>
        </Alert>
      ) : running?.plan && renewal.data?.status !== 'past_due' ? (
        <Alert tone="info" className="w-full max-w-3xl">
          Your organisation is on the {running.plan} plan, paid through{' '}
          {formatDate(running.subscriptionEndsAt)}. A higher plan starts at once; renewing, or choosing a
          lower plan, adds its time after that date.{' '}
          <Link to={paths.admin.billing} className="font-semibold underline">
            Back to Plan &amp; billing
          </Link>
        </Alert>
      ) : null}
      <StorageUsage className="w-full max-w-3xl" />
      <BillingToggle value={billing} onChange={setBilling} />
      {pricing.isError ? (
        <div className="flex w-full max-w-md flex-col items-center gap-3">
          <Alert className="w-full">{pricing.error.message}</Alert>
          <Button variant="outline" onClick={() => void pricing.refetch()}>
            Try again
          </Button>
        </div>
      ) : pricing.isPending ? (
        <p role="status" className="py-16 text-slate-500">
          Loading...
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
            ? `Upgrade to ${proposal.plan} now?`
            : `Change to ${proposal?.plan ?? ''}?`
        }
        message={
          !proposal
            ? ''
            : proposal.quote.change === 'upgrade'
              ? `${formatPrice(proposal.quote.charged)} ${proposal.quote.currency} is charged now to the card ending ${proposal.quote.renewal.card_last4 ?? '—'}, for the rest of this period; from ${formatDate(proposal.quote.renewal.current_period_end)} the plan renews at its full price.`
              : proposal.quote.change === 'scheduled'
                ? `Your plan stays as it is until ${formatDate(proposal.quote.renewal.current_period_end)}; then it renews as ${proposal.plan} (${proposal.category}). Nothing is charged now.`
                : `The change scheduled for your next renewal is withdrawn: your plan renews as it is.`
        }
        confirmLabel={proposal?.quote.change === 'upgrade' ? 'Upgrade and pay' : 'Confirm change'}
        cancelLabel="Keep my plan"
        busyLabel="Changing..."
        tone="primary"
        onClose={() => setProposal(null)}
        onConfirm={confirmChange}
      />
    </div>
  );
};
