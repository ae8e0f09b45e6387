import { Link, useParams, useSearchParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useSandboxOrder } from '@/features/payments/api/payments';
import { SandboxApproval } from '@/features/payments/components/sandbox-approval';
import { readSandboxAmount, SANDBOX_PARAMS, safeReturnPath } from '@/features/payments/lib/sandbox-urls';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

/** The sandbox provider's approval page: signed in, on its own, like a provider's hosted page. */
export const SandboxCheckoutPage = () => {
  const t = useT();
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  // The provider's own record decides the amount shown; the checkout's figure fills in while it loads.
  const order = useSandboxOrder(orderId);
  const amount = order.data
    ? { amount: order.data.amount, currency: order.data.currency }
    : readSandboxAmount(params);
  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur-md">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to={paths.home} aria-label={t('common.nav.home.label')} className="rounded-lg">
            <Logo />
          </Link>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800">
            {t('learning.payments.sandbox.testMode')}
          </span>
        </div>
      </header>
      <main className="flex-1 px-4 py-10 sm:px-6 lg:py-14">
        <SandboxApproval
          orderId={orderId}
          returnPath={safeReturnPath(params.get(SANDBOX_PARAMS.returnTo))}
          amount={amount}
          description={order.data?.description}
        />
      </main>
    </div>
  );
};
