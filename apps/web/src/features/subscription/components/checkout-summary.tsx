import type { PlanCategory } from '@skillwise/contracts';
import { type ReactNode, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Eyebrow } from '@/components/ui/page-header';
import { formatPrice } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { usePricing } from '../api/pricing';
import { parsePlanCategory, planCategory, planFeatures } from '../lib/plans';
import { PlanFeatureList } from './plan-feature-list';

/** What the payment needs to know of the chosen plan. */
export type PlanOrder = { category: PlanCategory; price: number; email: string };

const readChoice = () => {
  const chosen = parsePlanCategory(storage.get('subscriptionCategory'));
  const storedPrice = storage.get('price');
  const price = storedPrice === null || storedPrice.trim() === '' ? Number.NaN : Number(storedPrice);
  return { chosen, price, email: storage.get('userEmail') ?? '' };
};

type CheckoutSummaryProps = {
  /** The card payment for the plan; the page composes it from the payments feature. */
  renderPayment: (order: PlanOrder) => ReactNode;
};

/** SPEC §2.16: the chosen plan, its total, the user's e-mail and the card payment. */
export const CheckoutSummary = ({ renderPayment }: CheckoutSummaryProps) => {
  // Read once: a successful payment clears the stored plan on its way to /admin, and this screen must
  // not bounce to the plans in between.
  const t = useT();
  const [{ chosen, price, email }] = useState(readChoice);
  const pricing = usePricing();

  if (!chosen) return <Navigate to={paths.admin.subscription} replace />;
  if (!Number.isFinite(price) || price < 0) {
    return (
      <p role="status" className="py-16 text-center text-slate-500">
        {t('admin.subscription.loading')}
      </p>
    );
  }

  const period =
    chosen.billing === 'monthly' ? t('admin.subscription.monthly') : t('admin.subscription.annual');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
      <Card className="p-6 sm:p-8">
        <Eyebrow>{t('admin.subscription.yourPlan')}</Eyebrow>
        <h2 className="mt-2 text-2xl font-bold text-slate-900">
          {chosen.plan} <span className="font-medium text-slate-500">· {period}</span>
        </h2>
        <PlanFeatureList
          items={planFeatures(pricing.data, chosen.plan)}
          className="mt-6 grid gap-3 sm:grid-cols-2"
        />
        <Link
          to={paths.admin.subscription}
          className={buttonClassName({ variant: 'outline', className: 'mt-8' })}
        >
          {t('admin.subscription.changePlan')}
        </Link>
      </Card>
      <Card className="order-first flex h-fit flex-col gap-5 p-6 lg:order-none">
        <CardTitle>{t('admin.subscription.orderSummary')}</CardTitle>
        <dl className="flex flex-col gap-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500">{t('admin.subscription.plan')}</dt>
            <dd className="font-medium text-slate-900">{chosen.plan}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500">{t('admin.subscription.billing')}</dt>
            <dd className="font-medium text-slate-900">
              {chosen.billing === 'monthly'
                ? t('admin.subscription.monthly')
                : t('admin.subscription.annualOff')}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="shrink-0 text-slate-500">{t('admin.subscription.billedTo')}</dt>
            <dd className="min-w-0 font-medium break-all text-slate-900">{email}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 border-t border-slate-100 pt-3">
            <dt className="font-semibold text-slate-900">{t('admin.subscription.total')}</dt>
            <dd className="text-2xl font-bold text-slate-900">{formatPrice(price)}</dd>
          </div>
        </dl>
        <section aria-label={t('admin.subscription.cardPayment')} className="flex flex-col gap-3">
          {renderPayment({ category: planCategory(chosen.plan, chosen.billing), price, email })}
        </section>
      </Card>
    </div>
  );
};
