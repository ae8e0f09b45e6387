import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOne } from '../../db/queries/find-one';
import { paymentAccounts } from '../../db/schema';
import type { ConnectedAccount } from '../../lib/payments/provider';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;
export type AccountProvider = PaymentAccountRow['provider'];

/** The school's accounts, one per provider at most. */
export async function findPaymentAccounts(db: Db, orgId: number): Promise<PaymentAccountRow[]> {
  return db.select().from(paymentAccounts).where(eq(paymentAccounts.orgId, orgId));
}

export async function findPaymentAccount(
  db: Db,
  orgId: number,
  provider: AccountProvider,
): Promise<PaymentAccountRow | undefined> {
  return findOne(
    db,
    paymentAccounts,
    and(eq(paymentAccounts.orgId, orgId), eq(paymentAccounts.provider, provider)),
  );
}

/** Records the school's Stripe account as Stripe reported it (the first time, or again). */
export async function saveStripeAccount(db: Db, orgId: number, account: ConnectedAccount) {
  const state = {
    accountId: account.accountId,
    status: account.status,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    detailsSubmitted: account.detailsSubmitted,
    updatedAt: new Date(),
  };
  await db
    .insert(paymentAccounts)
    .values({ orgId, provider: 'stripe', ...state })
    .onConflictDoUpdate({ target: [paymentAccounts.orgId, paymentAccounts.provider], set: state });
}

/** Updates whichever school holds this Stripe account (a webhook names the account, not the school). */
export async function updateStripeAccount(db: Db, account: ConnectedAccount): Promise<boolean> {
  const rows = await db
    .update(paymentAccounts)
    .set({
      status: account.status,
      chargesEnabled: account.chargesEnabled,
      payoutsEnabled: account.payoutsEnabled,
      detailsSubmitted: account.detailsSubmitted,
      updatedAt: new Date(),
    })
    .where(and(eq(paymentAccounts.provider, 'stripe'), eq(paymentAccounts.accountId, account.accountId)))
    .returning({ id: paymentAccounts.id });
  return rows.length > 0;
}

/** The PayPal account (its e-mail) the school is paid into: PayPal pays a payee by e-mail, nothing to onboard. */
export async function savePayPalPayee(db: Db, orgId: number, email: string) {
  const state = {
    accountId: email,
    status: 'enabled' as const,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    updatedAt: new Date(),
  };
  await db
    .insert(paymentAccounts)
    .values({ orgId, provider: 'paypal', ...state })
    .onConflictDoUpdate({ target: [paymentAccounts.orgId, paymentAccounts.provider], set: state });
}
