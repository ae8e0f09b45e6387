import type { SaleRow } from '@skillwise/contracts';

export type SalesTotals = { count: number; revenue: number; earnings: number };

/** Sums in cents, so that 0.1 + 0.2 stays 0.30 (DESIGN: money is never added in floating point). */
export const salesTotals = (rows: ReadonlyArray<SaleRow>): SalesTotals => {
  let revenueCents = 0;
  let earningsCents = 0;
  for (const row of rows) {
    revenueCents += Math.round(row.sale_price * 100);
    earningsCents += Math.round(row.earnings * 100);
  }
  return { count: rows.length, revenue: revenueCents / 100, earnings: earningsCents / 100 };
};
