import { Card } from '@/components/ui/card';
import { TitledCard } from '@/components/ui/titled-card';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { PAYOUTS_SHOWN, usePayouts } from '../api/payments';

/**
 * What the school is owed when the operator collects its sales (orders/GetPayouts): its earnings so far,
 * what was paid out, the balance, and the latest payouts. With its own provider account (PAYOUT_MODE
 * connected) it says the provider pays it directly.
 */
export const PayoutsSummary = () => {
  const t = useT();
  const payouts = usePayouts();
  const data = payouts.data;
  if (!data) {
    return payouts.isError ? (
      <Card className="p-4 text-sm text-red-700 sm:p-5">{t('admin.payments.payouts.loadFailed')}</Card>
    ) : null;
  }
  if (data.mode === 'connected') {
    return <Card className="p-4 text-sm text-slate-600 sm:p-5">{t('admin.payments.payouts.connected')}</Card>;
  }
  return (
    <TitledCard
      title={t('admin.payments.payouts.title')}
      description={t('admin.payments.payouts.description')}
    >
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('admin.payments.payouts.earned')}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatPrice(data.earned)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('admin.payments.payouts.paidOut')}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatPrice(data.paid_out)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t('admin.payments.payouts.owed')}</dt>
          <dd className="text-lg font-semibold text-emerald-700 tabular-nums">{formatPrice(data.balance)}</dd>
        </div>
      </dl>
      {data.payouts.length === 0 ? (
        <p className="text-sm text-slate-500">{t('admin.payments.payouts.none')}</p>
      ) : (
        <table className="w-full text-start text-sm">
          <caption className="sr-only">
            {data.payouts_count > data.payouts.length
              ? t('admin.payments.payouts.latest', {
                  shown: formatCount(PAYOUTS_SHOWN),
                  count: formatCount(data.payouts_count),
                })
              : t('admin.payments.payouts.title')}
          </caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 pe-4 font-medium">
                {t('admin.payments.payouts.date')}
              </th>
              <th scope="col" className="py-1 pe-4 font-medium">
                {t('admin.payments.payouts.reference')}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t('admin.payments.payouts.amount')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.payouts.map((payout) => (
              <tr key={payout.payout_Id}>
                <td className="py-1.5 pe-4 whitespace-nowrap text-slate-600">
                  {formatDate(payout.recorded_date)}
                </td>
                <td className="py-1.5 pe-4 break-all text-slate-900">
                  {payout.reference}
                  {payout.note ? <span className="block text-xs text-slate-500">{payout.note}</span> : null}
                </td>
                <td className="py-1.5 text-end text-slate-900 tabular-nums">{formatPrice(payout.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TitledCard>
  );
};
