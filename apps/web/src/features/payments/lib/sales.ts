import type { SaleRow, SalesSeries } from '@skillwise/contracts';
import { csvOf } from '@/lib/csv';
import { dateFormat } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

/** What the Totals show, in dollars: the server's sums or, without them, the page's own. */
export type SalesTotals = {
  count: number;
  revenue: number;
  platformFee: number;
  providerFee: number;
  refunded: number;
  earnings: number;
  /** Sales whose provider fee the provider did not report (not taken off the earnings). */
  providerFeeUnreported: number;
};

const cents = (dollars: number | null | undefined) => Math.round((dollars ?? 0) * 100);

/** Sums in cents, so that 0.1 + 0.2 stays 0.30 (DESIGN: money is never added in floating point). */
export const salesTotals = (rows: ReadonlyArray<SaleRow>): SalesTotals => {
  const sum = { revenue: 0, platformFee: 0, providerFee: 0, refunded: 0, earnings: 0 };
  let providerFeeUnreported = 0;
  for (const row of rows) {
    sum.revenue += cents(row.sale_price);
    sum.platformFee += cents(row.platform_fee);
    sum.providerFee += cents(row.provider_fee);
    sum.refunded += cents(row.refunded);
    sum.earnings += cents(row.earnings);
    if (row.provider_fee === null) providerFeeUnreported += 1;
  }
  return {
    count: rows.length,
    revenue: sum.revenue / 100,
    platformFee: sum.platformFee / 100,
    providerFee: sum.providerFee / 100,
    refunded: sum.refunded / 100,
    earnings: sum.earnings / 100,
    providerFeeUnreported,
  };
};

/** What is left to refund of a sale, in cents: what was paid less what was given back. */
export const refundableCents = (row: SaleRow): number =>
  Math.max(0, cents(row.gross ?? row.sale_price) - cents(row.discount) - cents(row.refunded));

const plain = (dollars: number | null | undefined) => (dollars == null ? '' : dollars.toFixed(2));

/**
 * The sales as CSV, one line a sale with what it earned and the parts of it, in plain numbers (no
 * currency sign, no thousands separator); a provider fee not reported is left empty.
 */
export const salesCsv = (rows: ReadonlyArray<SaleRow>): string =>
  csvOf([
    [
      'Date',
      'Order',
      'Product',
      'Buyer',
      'Currency',
      'Sale price',
      'Discount',
      'Coupon',
      'Platform fee',
      'Provider fee',
      'Refunded',
      'Earnings (net)',
    ],
    ...rows.map((row) => [
      row.date.slice(0, 10),
      row.order_Id,
      row.product,
      row.buyer_email,
      row.currency,
      plain(row.gross ?? row.sale_price),
      plain(row.discount ?? 0),
      row.coupon_code ?? '',
      plain(row.platform_fee ?? 0),
      plain(row.provider_fee),
      plain(row.refunded ?? 0),
      plain(row.net ?? row.earnings),
    ]),
  ]);

/**
 * A bucket's first day as the chart and its table name it: "4 Mar", "Week of 2 Mar", "Mar 2026"; `short`
 * leaves out "Week of" (the chart's axis).
 */
export const bucketLabel = (start: string, interval: SalesSeries['interval'], short = false): string => {
  const date = new Date(`${start}T00:00:00Z`);
  if (interval === 'month') {
    return dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
  }
  const day = dateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
  return interval === 'week' && !short ? t('admin.payments.sales.weekOf', { day }) : day;
};
