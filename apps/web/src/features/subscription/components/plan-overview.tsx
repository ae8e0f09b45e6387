import { formatBytes, PLAN_STORAGE_BYTES } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { useRoleAllows } from '@/features/team';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCurrentPlan, usePlanTypes, usePricing } from '../api/pricing';
import { usePlanRenewal } from '../api/renewal';
import { parsePlanCategory, planPrice } from '../lib/plans';
import { PlanRenewalDetails } from './plan-renewal';
import { StorageUsage } from './storage-usage';

/** A label and its value, one row of a card. */
const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
    <dt className="text-sm text-slate-500 sm:w-44 sm:shrink-0">{label}</dt>
    <dd className="text-sm font-medium break-words text-slate-900">{children}</dd>
  </div>
);

/**
 * The organisation's plan as the server knows it (organization/getOrgById): the plan, its billing
 * period and price, the date it is paid through; what the plan allows (getAllAdminSubscriptionTypeCategory)
 * and the file storage used against it (GetStorageUsage); a way to renew or change it (SPEC §2.15).
 */
export const PlanOverview = () => {
  const current = useCurrentPlan();
  const pricing = usePricing();
  const planTypes = usePlanTypes();
  const renewal = usePlanRenewal();
  // Choosing or changing the plan is an owner's (docs/decisions/039).
  const mayChangePlan = useRoleAllows('owner');

  if (current.isPending) return <LoadingBlock label="Loading your plan..." />;
  if (current.isError) {
    return <Alert>{errorMessage(current.error, 'Your plan could not be loaded. Please try again.')}</Alert>;
  }
  const org = current.data;
  const running = org.isSubscribed && org.plan ? org.plan : null;
  const chosen = parsePlanCategory(org.subscriptionCategory);
  const billing = chosen?.plan === running ? chosen?.billing : undefined;
  const price = running && billing && pricing.data ? planPrice(pricing.data, running, billing) : undefined;
  const limits = planTypes.data?.find((type) => type.plan === running);
  // A plan bought through checkout renews by itself (or did, until cancelled or unpaid).
  const renews = renewal.data && renewal.data.status !== 'none' ? renewal.data : undefined;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <TitledCard
        title="Your plan"
        description={
          running
            ? 'What your organisation pays for and until when.'
            : 'Your organisation has no running plan: choose one to publish courses and add students.'
        }
      >
        <dl className="flex flex-col gap-3">
          <Row label="Plan">{running ?? 'None'}</Row>
          {running ? (
            <>
              <Row label="Billing">
                {billing === 'annual' ? 'Annual' : billing === 'monthly' ? 'Monthly' : '—'}
                {price === undefined
                  ? null
                  : ` · ${formatPrice(price)} ${billing === 'annual' ? '/ year' : '/ month'}`}
              </Row>
              <Row label="Paid through">
                {formatDate(
                  renews?.status === 'past_due' ? renews.current_period_end : org.subscriptionEndsAt,
                )}
              </Row>
            </>
          ) : org.subscriptionEndsAt ? (
            <Row label="Ended">{formatDate(org.subscriptionEndsAt)}</Row>
          ) : null}
          <Row label="Receipts">
            Each payment’s receipt is e-mailed to whoever paid and kept in your{' '}
            <Link to={paths.admin.notifications} className="text-brand-700 underline">
              notifications
            </Link>
            .
          </Row>
        </dl>
        {renews ? (
          <PlanRenewalDetails renewal={renews} />
        ) : running ? (
          <p className="text-sm text-slate-600">
            A plan does not renew by itself: renew before {formatDate(org.subscriptionEndsAt)} to keep
            publishing courses and adding students. A higher plan starts at once; renewing, or choosing a
            lower plan, adds its time after that date.
          </p>
        ) : null}
        {mayChangePlan ? (
          <div>
            <Link
              to={paths.admin.subscription}
              className={buttonClassName({
                variant:
                  renews?.status === 'active' || renews?.status === 'cancelling' ? 'outline' : 'primary',
              })}
            >
              {renews?.status === 'active'
                ? 'Change plan'
                : running
                  ? 'Renew or change plan'
                  : 'Choose a plan'}
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-600">Only an owner of your school changes or renews its plan.</p>
        )}
      </TitledCard>
      <TitledCard title="Usage and limits" description="What your plan allows, and the files you store.">
        <dl className="flex flex-col gap-3">
          {limits ? (
            <>
              <Row label="Published courses">Up to {formatCount(limits.maxProducts)}</Row>
              <Row label="Students">Up to {formatCount(limits.maxContacts)}</Row>
            </>
          ) : null}
          {running ? <Row label="File storage">{formatBytes(PLAN_STORAGE_BYTES[running])}</Row> : null}
        </dl>
        <StorageUsage />
      </TitledCard>
    </div>
  );
};
