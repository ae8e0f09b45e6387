import { Button } from '@/components/ui/button';
import { LogoutIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { useHeading } from '@/components/ui/page-header';
import type { TitledProps } from '@/components/ui/titled-card';
import { useLogout } from '@/features/auth/api/logout';
import { PlanPayment } from '@/features/payments/components/plan-payment';
import { CheckoutSummary } from '@/features/subscription/components/checkout-summary';
import { PricingPlans } from '@/features/subscription/components/pricing-plans';
import { useT } from '@/lib/i18n/use-t';

/** Subscription and checkout are full pages (no sidebar) with a Logout button. */
const PlanPage = ({ title, description, children }: TitledProps) => {
  const t = useT();
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur-md">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Logo />
          <Button
            variant="outline"
            size="sm"
            leftIcon={<LogoutIcon data-points="inline" className="size-4" />}
            onClick={() => void logout()}
          >
            {t('admin.adminRoutes.plan.logout')}
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-slate-600">{description}</p>
        </div>
        {children}
      </main>
    </div>
  );
};

/** SPEC §2.15 */
export const SubscriptionPage = () => (
  <PlanPage {...useHeading('admin.adminRoutes.plan.subscription')}>
    <PricingPlans />
  </PlanPage>
);

/** SPEC §2.16 */
export const CheckoutPage = () => (
  <PlanPage {...useHeading('admin.adminRoutes.plan.checkout')}>
    <CheckoutSummary renderPayment={(order) => <PlanPayment {...order} />} />
  </PlanPage>
);
