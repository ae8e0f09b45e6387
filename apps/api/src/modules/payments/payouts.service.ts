import { CURRENCY, type PayoutMode, type Payouts } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import type { ListQuery } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { dollars } from '../organisations/organisations.service';
import { lockOrganisation } from '../organisations/plan-limits';
import { dollarsText, netOf } from './earnings';
import {
  findOrganisationName,
  findPayoutByReference,
  insertPayout,
  type Ledger,
  ledgerOf,
  listLedgers,
  listPayouts,
  type PayoutRow,
} from './payouts.repository';

/** What a school is owed: the net of its course sales (earnings.ts) less what it was paid out. */
export const balanceOf = (ledger: Ledger): bigint => netOf(ledger.sales) - ledger.paidOutCents;

/** Why a payout was not recorded, said to the operator. */
export class PayoutRefused extends Error {}

export type RecordedPayout = { payout: PayoutRow; recorded: boolean; balanceCents: bigint };

/**
 * The ledger of what the operator owes each school when it collects the payments (PAYOUT_MODE=collected,
 * docs/decisions/024): balances from the sales' net, and the payouts the operator records.
 */
export class PayoutService {
  constructor(private readonly deps: { db: Db; mode: PayoutMode }) {}

  get mode(): PayoutMode {
    return this.deps.mode;
  }

  /** Every school that sold a course or was paid out, with its balance. */
  async ledgers() {
    return (await listLedgers(this.deps.db)).map((ledger) => ({
      ...ledger,
      balanceCents: balanceOf(ledger),
    }));
  }

  /**
   * Records a payout to a school, once per reference: the same reference again records nothing and
   * answers the payout recorded (refused when its amount differs). More than the balance is refused
   * unless `force`. Under the school's row lock, so two payouts at once are judged one after the other.
   */
  async record(input: {
    orgId: number;
    amountCents: number;
    reference: string;
    note: string | null;
    force: boolean;
  }): Promise<RecordedPayout> {
    if (this.deps.mode !== 'collected') {
      throw new PayoutRefused(
        'PAYOUT_MODE is connected: each school is paid by the payment provider into its own account, so no payout is recorded here.',
      );
    }
    return this.deps.db.transaction(async (tx) => {
      if ((await findOrganisationName(tx, input.orgId)) === undefined) {
        throw new PayoutRefused(
          `No school has the id ${input.orgId}. \`npm run payouts -- list\` shows them.`,
        );
      }
      await lockOrganisation(tx, input.orgId);
      const earlier = await findPayoutByReference(tx, input.orgId, input.reference);
      const balanceCents = balanceOf(await ledgerOf(tx, input.orgId));
      if (earlier) {
        if (earlier.amountCents !== input.amountCents) {
          throw new PayoutRefused(
            `The reference "${input.reference}" was recorded for this school already, for ${dollars(earlier.amountCents).toFixed(2)}: use another reference for another payout.`,
          );
        }
        return { payout: earlier, recorded: false, balanceCents };
      }
      if (BigInt(input.amountCents) > balanceCents && !input.force) {
        throw new PayoutRefused(
          `The school is owed ${dollarsText(balanceCents)}, less than ${dollars(input.amountCents).toFixed(2)}. Add --force to record it all the same.`,
        );
      }
      const payout = await insertPayout(tx, {
        orgId: input.orgId,
        amountCents: input.amountCents,
        currency: CURRENCY,
        reference: input.reference,
        note: input.note,
      });
      return { payout, recorded: true, balanceCents: balanceCents - BigInt(input.amountCents) };
    });
  }

  /** GET orders/GetPayouts: the caller's own school's balance and payouts (the organisation is the token's). */
  async payouts(actor: Actor & { orgId: number }, list: ListQuery): Promise<Payouts> {
    const { db, mode } = this.deps;
    if (mode !== 'collected') {
      return { mode, currency: CURRENCY, earned: 0, paid_out: 0, balance: 0, payouts: [], payouts_count: 0 };
    }
    const [ledger, page] = await Promise.all([
      ledgerOf(db, actor.orgId),
      listPayouts(db, actor.orgId, list.window),
    ]);
    return {
      mode,
      currency: CURRENCY,
      earned: Number(dollarsText(netOf(ledger.sales))),
      paid_out: Number(dollarsText(ledger.paidOutCents)),
      balance: Number(dollarsText(balanceOf(ledger))),
      payouts: page.rows.map((row) => ({
        payout_Id: row.id,
        amount: dollars(row.amountCents),
        currency: row.currency,
        reference: row.reference,
        note: row.note,
        recorded_date: row.createdAt.toISOString(),
      })),
      payouts_count: page.total,
    };
  }
}
