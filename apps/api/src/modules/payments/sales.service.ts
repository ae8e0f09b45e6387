import {
  CURRENCY,
  type Paged,
  SALES_SERIES_MAX_BUCKETS,
  type SALES_TOTAL_HEADERS,
  type SaleRow,
  type SalesInterval,
  type SalesSeries,
  type SalesSeriesQuery,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { addMonths, DAY_MS } from '../../lib/dates';
import { fieldError } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { requireAccountAccess } from '../access/access';
import { dollars } from '../organisations/organisations.service';
import { dollarsText, netOf } from './earnings';
import {
  type CourseSaleRow,
  listCourseSales,
  listCourseSalesWithSums,
  salesSeries,
} from './payments.repository';

/** A page of an organisation's sales with the sums over every sale matching the search, as dollarsText. */
export type SalesPage = Paged<SaleRow> & {
  totalSalePrice: string;
  totalEarnings: string;
  totals: Record<keyof typeof SALES_TOTAL_HEADERS, string>;
  providerFeeUnreported: number;
};

/** The default first day of a series ending on `to`: 30 days, 12 weeks or 12 months, `to`'s own included. */
function seriesStart(interval: SalesInterval, to: string): string {
  const date = new Date(`${to}T00:00:00Z`);
  if (interval === 'month') return addMonths(date, -11).toISOString().slice(0, 10);
  date.setUTCDate(date.getUTCDate() - (interval === 'day' ? 29 : 77));
  return date.toISOString().slice(0, 10);
}

/** How many buckets a series from `from` to `to` has (each date in UTC; weeks from Monday). */
function bucketsBetween(interval: SalesInterval, from: string, to: string): number {
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  if (interval === 'month') {
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
  }
  const monday = (d: Date) => d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS;
  if (interval === 'week') return Math.round((monday(b) - monday(a)) / (7 * DAY_MS)) + 1;
  return Math.round((b.getTime() - a.getTime()) / DAY_MS) + 1;
}

/** A school's sales and a buyer's purchases (docs/decisions/024): what each sale earns, and their sums. */
export class SalesService {
  constructor(private readonly deps: { db: Db }) {}

  /** A sale as its buyer sees it: the price paid (as `earnings` too), nothing of the school's figures. */
  private toPurchase(row: CourseSaleRow): SaleRow {
    return {
      order_Id: row.id,
      date: (row.date ?? new Date(0)).toISOString(),
      // What the buyer paid: the list price less a coupon's discount (`gross` and `discount` for the school).
      sale_price: dollars(row.amountCents - row.discountCents),
      earnings: dollars(row.amountCents - row.discountCents),
      currency: row.currency,
      product: row.courseTitle ?? (row.planCategory ? `${row.planCategory} plan` : 'Order'),
      course_Id: row.courseId,
      buyer_email: row.buyerEmail,
      refunded: dollars(row.refundedCents),
      refund_request: row.refundRequest,
      refund_answer: row.refundAnswer,
      coupon_code: row.couponCode,
    };
  }

  /** A sale as its school sees it: what it earns (the net) and the parts of it (earnings.ts). */
  private toSale(row: CourseSaleRow): SaleRow {
    const net = netOf({
      gross: row.amountCents,
      discount: row.discountCents,
      platformFee: row.platformFeeCents,
      providerFee: row.providerFeeCents,
      refunded: row.refundedCents,
    });
    return {
      ...this.toPurchase(row),
      earnings: dollars(net),
      gross: dollars(row.amountCents),
      discount: dollars(row.discountCents),
      platform_fee: dollars(row.platformFeeCents),
      provider_fee: row.providerFeeCents === null ? null : dollars(row.providerFeeCents),
      refunded: dollars(row.refundedCents),
      net: dollars(net),
    };
  }

  /**
   * GET orders/GetSalesByOrgId: the organisation's captured course sales; searched on the course title,
   * with the sums over every matching sale (the page shows only some of them).
   */
  async sales(actor: Actor & { orgId: number }, list: ListQuery): Promise<SalesPage> {
    const page = await listCourseSalesWithSums(this.deps.db, { orgId: actor.orgId }, list);
    const { sums } = page;
    const net = netOf(sums);
    return {
      ...mapPage(page, (r) => this.toSale(r)),
      totalSalePrice: dollarsText(sums.gross - sums.discount),
      totalEarnings: dollarsText(net),
      totals: {
        gross: dollarsText(sums.gross),
        discount: dollarsText(sums.discount),
        platformFee: dollarsText(sums.platformFee),
        providerFee: dollarsText(sums.providerFee),
        refunded: dollarsText(sums.refunded),
        net: dollarsText(net),
      },
      providerFeeUnreported: sums.providerFeeUnknown,
    };
  }

  /**
   * GET orders/GetSalesSeries: the organisation's gross and net per UTC day, week or month from `from` to
   * `to`, every bucket of the range answered (one query). At most SALES_SERIES_MAX_BUCKETS buckets.
   */
  async salesSeries(actor: Actor & { orgId: number }, query: SalesSeriesQuery): Promise<SalesSeries> {
    const { interval } = query;
    const to = query.to ?? new Date().toISOString().slice(0, 10);
    const from = query.from ?? seriesStart(interval, to);
    if (from > to) throw fieldError(query.from === undefined ? 'to' : 'from', 'must not be after to');
    const max = SALES_SERIES_MAX_BUCKETS[interval];
    if (bucketsBetween(interval, from, to) > max) {
      throw fieldError('from', `must be at most ${max} ${interval}s before to`);
    }
    const points = await salesSeries(this.deps.db, actor.orgId, interval, from, to);
    return {
      interval,
      from,
      to,
      currency: CURRENCY,
      points: points.map(({ start, sums }) => ({
        start,
        gross: Number(dollarsText(sums.gross)),
        net: Number(dollarsText(netOf(sums))),
      })),
    };
  }

  /** GET orders/GetPurchasesByUserId/{id}: a student's own purchases; a publisher, its students' from it. */
  async purchases(actor: Actor, userId: number, list: ListQuery): Promise<Paged<SaleRow>> {
    const { db } = this.deps;
    await requireAccountAccess(db, actor, 'student.read', userId);
    if (actor.userId === userId) {
      return mapPage(await listCourseSales(db, { userId }, list), (r) => this.toPurchase(r));
    }
    const page = await listCourseSales(db, { userId, orgId: actor.orgId ?? 0 }, list);
    return mapPage(page, (r) => this.toSale(r));
  }
}
