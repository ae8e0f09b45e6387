import { Card } from '@/components/ui/card';
import { TitledCard } from '@/components/ui/titled-card';
import { formatDate, formatPrice } from '@/lib/format';
import { PAYOUTS_SHOWN, usePayouts } from '../api/payments';

/**
 * What the school is owed when the operator collects its sales (orders/GetPayouts): its earnings so far,
 * what was paid out, the balance, and the latest payouts. With its own provider account (PAYOUT_MODE
 * connected) it says the provider pays it directly.
 */
export const PayoutsSummary = () => {
  const payouts = usePayouts();
  const data = payouts.data;
  if (!data) {
    return payouts.isError ? (
      <Card className="p-4 text-sm text-red-700 sm:p-5">Could not load your payouts.</Card>
    ) : null;
  }
  if (data.mode === 'connected') {
    return (
      <Card className="p-4 text-sm text-slate-600 sm:p-5">
        Your sales are paid by the payment provider straight into your school’s own account.
      </Card>
    );
  }
  return (
    <TitledCard
      title="Payouts"
      description="Payments for your courses are collected for you and paid out to your school."
    >
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-slate-500">Earned</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatPrice(data.earned)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Paid out</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatPrice(data.paid_out)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Owed to you</dt>
          <dd className="text-lg font-semibold text-emerald-700 tabular-nums">{formatPrice(data.balance)}</dd>
        </div>
      </dl>
      {data.payouts.length === 0 ? (
        <p className="text-sm text-slate-500">No payout yet.</p>
      ) : (
        <table className="w-full text-start text-sm">
          <caption className="sr-only">
            {data.payouts_count > data.payouts.length
              ? `The latest ${PAYOUTS_SHOWN} of ${data.payouts_count} payouts`
              : 'Payouts'}
          </caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 pe-4 font-medium">
                Date
              </th>
              <th scope="col" className="py-1 pe-4 font-medium">
                Reference
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                Amount
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
