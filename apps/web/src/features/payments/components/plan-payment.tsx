import type { PlanCategory } from '@skillwise/contracts';
import { Link, useNavigate } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { usePlanOrder } from '../api/payments';
import { PaymentButton } from './payment-button';

type PlanPaymentProps = { category: PlanCategory; price: number; email: string };

/**
 * SPEC §2.16 and §4: pays the chosen plan. On success: the toast, the stored plan choice cleared, the
 * subscription active, and the admin area.
 */
export const PlanPayment = ({ category, price, email }: PlanPaymentProps) => {
  const t = useT();
  const navigate = useNavigate();
  const userId = Number(storage.get('userId'));
  const order = usePlanOrder({ price, email, userId, category });

  const finish = () => {
    storage.remove('subscriptionCategory');
    storage.set('subscriptionStatus', 'active');
    notify.success(t('common.msg.paymentSuccess'));
    void navigate(paths.admin.root, { replace: true });
  };

  return (
    <PaymentButton
      returnPath={paths.admin.checkout}
      createOrder={order.createOrder}
      captureOrder={order.captureOrder}
      onSuccess={finish}
      errorAction={({ code }) =>
        code === 'PRICE_MISMATCH' ? (
          <Link to={paths.admin.subscription} className={buttonClassName({ variant: 'outline' })}>
            {t('admin.payments.plan.backToPlans')}
          </Link>
        ) : null
      }
    />
  );
};
