import { PLAN_STORAGE_BYTES } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { useRoleAllows } from '@/features/team';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { useCurrentPlan, usePlanTypes, usePricing } from '../api/pricing';
import { usePlanRenewal } from '../api/renewal';
import { parsePlanCategory, planPrice, storageSize } from '../lib/plans';
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
  const t = useT();
  const current = useCurrentPlan();
  const pricing = usePricing();
  const planTypes = usePlanTypes();
  const renewal = usePlanRenewal();
  // Choosing or changing the plan is an owner's (docs/decisions/039).
  const mayChangePlan = useRoleAllows('owner');

  if (current.isPending) return <LoadingBlock label={t('admin.subscription.loadingPlan')} />;
  if (current.isError) {
    return <Alert>{errorMessage(current.error, t('admin.subscription.loadFailed'))}</Alert>;
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
        title={t('admin.subscription.yourPlan')}
        description={running ? t('admin.subscription.runningText') : t('admin.subscription.noPlanText')}
      >
        <dl className="flex flex-col gap-3">
          <Row label={t('admin.subscription.plan')}>{running ?? t('admin.subscription.none')}</Row>
          {running ? (
            <>
              <Row label={t('admin.subscription.billing')}>
                {billing === 'annual'
                  ? t('admin.subscription.annual')
                  : billing === 'monthly'
                    ? t('admin.subscription.monthly')
                    : '—'}
                {price === undefined
                  ? null
                  : ` · ${t(billing === 'annual' ? 'admin.subscription.pricePerYear' : 'admin.subscription.pricePerMonth', { price: formatPrice(price) })}`}
              </Row>
              <Row label={t('admin.subscription.paidThrough')}>
                {formatDate(
                  renews?.status === 'past_due' ? renews.current_period_end : org.subscriptionEndsAt,
                )}
              </Row>
            </>
          ) : org.subscriptionEndsAt ? (
            <Row label={t('admin.subscription.ended')}>{formatDate(org.subscriptionEndsAt)}</Row>
          ) : null}
          <Row label={t('admin.subscription.receipts')}>
            <T
              id="admin.subscription.receiptsText"
              components={{ 0: <Link to={paths.admin.notifications} className="text-brand-700 underline" /> }}
            />
          </Row>
        </dl>
        {renews ? (
          <PlanRenewalDetails renewal={renews} />
        ) : running ? (
          <p className="text-sm text-slate-600">
            {t('admin.subscription.noRenewText', { date: formatDate(org.subscriptionEndsAt) })}
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
                ? t('admin.subscription.changePlan')
                : running
                  ? t('admin.subscription.renewOrChange')
                  : t('admin.subscription.choosePlan')}
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('admin.subscription.ownerOnly')}</p>
        )}
      </TitledCard>
      <TitledCard title={t('admin.subscription.usageTitle')} description={t('admin.subscription.usageText')}>
        <dl className="flex flex-col gap-3">
          {limits ? (
            <>
              <Row label={t('admin.subscription.publishedCourses')}>
                {t('admin.subscription.upTo', { count: formatCount(limits.maxProducts) })}
              </Row>
              <Row label={t('admin.subscription.students')}>
                {t('admin.subscription.upTo', { count: formatCount(limits.maxContacts) })}
              </Row>
            </>
          ) : null}
          {running ? (
            <Row label={t('admin.subscription.fileStorage')}>{storageSize(PLAN_STORAGE_BYTES[running])}</Row>
          ) : null}
        </dl>
        <StorageUsage />
      </TitledCard>
    </div>
  );
};
