import type { PageWindow } from '@skillwise/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inWindow } from '../../db/paging';
import { findOne } from '../../db/queries/find-one';
import { orders, organisations, payouts } from '../../db/schema';
import { courseSalesWhere, type SalesSums, salesSumColumns, salesSumsOf } from './payments.repository';

export type PayoutRow = typeof payouts.$inferSelect;

/** What a school's ledger holds: the sums of its course sales' parts and of the payouts recorded. */
export type Ledger = { sales: SalesSums; paidOutCents: bigint };

const paidOutColumn = sql<string>`coalesce(sum(${payouts.amountCents}), 0)::text`;

/** One school's ledger: two aggregate queries (its sales, its payouts). */
export async function ledgerOf(db: Db, orgId: number): Promise<Ledger> {
  const [[sales], [paid]] = await Promise.all([
    db.select(salesSumColumns).from(orders).where(courseSalesWhere({ orgId }, undefined)),
    db.select({ cents: paidOutColumn }).from(payouts).where(eq(payouts.orgId, orgId)),
  ]);
  return { sales: salesSumsOf(sales), paidOutCents: BigInt(paid?.cents ?? 0) };
}

/**
 * The ledger of every school that sold a course or was paid out, by its id, with its name: two
 * aggregate queries grouped by school, whatever their number.
 */
export async function listLedgers(db: Db): Promise<Array<Ledger & { orgId: number; name: string }>> {
  const [sales, paid] = await Promise.all([
    db
      .select({ orgId: orders.orgId, name: organisations.name, ...salesSumColumns })
      .from(orders)
      .innerJoin(organisations, eq(organisations.id, orders.orgId))
      .where(courseSalesWhere({}, undefined))
      .groupBy(orders.orgId, organisations.name),
    db
      .select({ orgId: payouts.orgId, name: organisations.name, cents: paidOutColumn })
      .from(payouts)
      .innerJoin(organisations, eq(organisations.id, payouts.orgId))
      .groupBy(payouts.orgId, organisations.name),
  ]);
  const ledgers = new Map<number, Ledger & { orgId: number; name: string }>();
  for (const row of sales) {
    ledgers.set(row.orgId, { orgId: row.orgId, name: row.name, sales: salesSumsOf(row), paidOutCents: 0n });
  }
  for (const row of paid) {
    const ledger = ledgers.get(row.orgId) ?? {
      orgId: row.orgId,
      name: row.name,
      sales: salesSumsOf(undefined),
      paidOutCents: 0n,
    };
    ledger.paidOutCents = BigInt(row.cents);
    ledgers.set(row.orgId, ledger);
  }
  return [...ledgers.values()].sort((a, b) => a.orgId - b.orgId);
}

/** A school's payouts, newest first (the id breaking ties), a page at a time, with their number. */
export async function listPayouts(db: Db, orgId: number, window: PageWindow) {
  const [rows, [total]] = await Promise.all([
    inWindow(
      db
        .select()
        .from(payouts)
        .where(eq(payouts.orgId, orgId))
        .orderBy(desc(payouts.createdAt), desc(payouts.id))
        .$dynamic(),
      window,
    ),
    db.select({ n: count() }).from(payouts).where(eq(payouts.orgId, orgId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findPayoutByReference(db: Db, orgId: number, reference: string) {
  return findOne(db, payouts, and(eq(payouts.orgId, orgId), eq(payouts.reference, reference)));
}

export async function insertPayout(db: Db, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(values).returning();
  if (!row) throw new Error('insert payouts returned no row');
  return row;
}

export async function findOrganisationName(db: Db, orgId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return row?.name;
}
