import type { PaymentProviderName, PayoutAccount, PayoutMode } from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import {
  type ConnectedAccount,
  type ConnectedAccounts,
  PaymentProviderError,
} from '../../lib/payments/provider';
import type { Actor } from '../../plugins/auth';
import { mayManagePayoutAccount, publisherOrgOf } from '../access/access';
import {
  findPaymentAccount,
  findPaymentAccounts,
  type PaymentAccountRow,
  savePayPalPayee,
  saveStripeAccount,
  updateStripeAccount,
} from './payout-accounts.repository';

/** Where Stripe's onboarding sends the school back when it names no path: its Settings screen. */
export const SETTINGS_PATH = '/admin/settings';

export const NO_ACCOUNT_REASON = 'Connect your Stripe account in Settings to sell paid courses.';
const PENDING_REASON = 'Finish setting up your Stripe account in Settings to sell paid courses.';
const RESTRICTED_REASON =
  'Stripe needs more information about your school before it can take payments: open Settings and update your Stripe account.';
const PAYPAL_ONLY_REASON = 'Set the PayPal account you are paid into in Settings to sell paid courses.';

/** A course's payment to its school: the account paid and the operator's fee kept from it. */
export type Payee = { accountId: string; platformFeeCents: number };

/**
 * The accounts each school is paid into when PAYOUT_MODE=connected (docs/decisions/026): its Stripe
 * connected account, onboarded on Stripe's pages, and its PayPal payee. In collected mode (the default)
 * the operator's own accounts take every payment and none of this applies.
 */
export class PayoutAccountService {
  constructor(
    private readonly deps: {
      db: Db;
      mode: PayoutMode;
      /** Stripe, when configured: its Connect calls. */
      stripe?: ConnectedAccounts | undefined;
      /** Whether PayPal is configured (a payee is then usable). */
      paypal: boolean;
      log: FastifyBaseLogger;
    },
  ) {}

  get mode(): PayoutMode {
    return this.deps.mode;
  }

  /** The caller's school, when it may manage the school's accounts (its publishers); 403 otherwise. */
  private schoolOf(actor: Actor): number {
    const orgId = publisherOrgOf(actor);
    if (!mayManagePayoutAccount(actor, orgId)) throw notFound('Organisation');
    return orgId;
  }

  /** Whether a school with these accounts can be paid for a course now, and if not, what to do. */
  private standing(accounts: PaymentAccountRow[]): { can: boolean; reason: string | null } {
    if (this.deps.mode === 'collected') return { can: true, reason: null };
    const stripe = this.deps.stripe ? accounts.find((a) => a.provider === 'stripe') : undefined;
    const paypal = this.deps.paypal ? accounts.find((a) => a.provider === 'paypal') : undefined;
    if (stripe?.status === 'enabled' || paypal) return { can: true, reason: null };
    if (stripe?.status === 'restricted') return { can: false, reason: RESTRICTED_REASON };
    if (stripe) return { can: false, reason: PENDING_REASON };
    if (!this.deps.stripe && this.deps.paypal) return { can: false, reason: PAYPAL_ONLY_REASON };
    return { can: false, reason: NO_ACCOUNT_REASON };
  }

  private async answer(orgId: number): Promise<PayoutAccount> {
    const accounts = await findPaymentAccounts(this.deps.db, orgId);
    const stripe = accounts.find((a) => a.provider === 'stripe');
    const paypal = accounts.find((a) => a.provider === 'paypal');
    const { can, reason } = this.standing(accounts);
    return {
      mode: this.deps.mode,
      stripe: stripe
        ? {
            accountId: stripe.accountId,
            status: stripe.status,
            chargesEnabled: stripe.chargesEnabled,
            payoutsEnabled: stripe.payoutsEnabled,
          }
        : null,
      paypal: paypal ? { payeeEmail: paypal.accountId } : null,
      canSellPaidCourses: can,
      reason,
    };
  }

  /** GET organization/GetPayoutAccount */
  async get(actor: Actor): Promise<PayoutAccount> {
    return this.answer(this.schoolOf(actor));
  }

  /** Stripe's Connect calls, or a 400 saying why the school cannot connect a Stripe account here. */
  private stripeConnect(): ConnectedAccounts {
    if (this.deps.mode !== 'connected') {
      throw new AppError(
        'VALIDATION',
        'This installation collects payments itself (PAYOUT_MODE=collected): schools do not connect their own Stripe account.',
      );
    }
    if (!this.deps.stripe) {
      throw new AppError('VALIDATION', 'Stripe is not configured on this installation.');
    }
    return this.deps.stripe;
  }

  private async providerCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.deps.log.error({ err: error }, 'Stripe Connect failed');
      if (error instanceof PaymentProviderError) {
        throw new AppError('PAYMENT_PROVIDER', 'Stripe could not be reached. Please try again in a moment.');
      }
      throw new AppError('PAYMENT_PROVIDER', 'Stripe refused the request. Please try again later.');
    }
  }

  /**
   * POST organization/ConnectStripeAccount: the school's Stripe account (made the first time, with an
   * idempotency key of the school, so two clicks make one) and a one-time link to Stripe's onboarding.
   */
  async connectStripe(actor: Actor, returnPath: string | undefined): Promise<{ url: string }> {
    const orgId = this.schoolOf(actor);
    const stripe = this.stripeConnect();
    let account = await findPaymentAccount(this.deps.db, orgId, 'stripe');
    if (!account) {
      const created = await this.providerCall(() =>
        stripe.createAccount({ orgId, email: actor.email, requestId: `connect-account-org-${orgId}` }),
      );
      await saveStripeAccount(this.deps.db, orgId, created);
      account = await findPaymentAccount(this.deps.db, orgId, 'stripe');
    }
    const accountId = account?.accountId ?? '';
    const url = await this.providerCall(() => stripe.onboardingLink(accountId, returnPath ?? SETTINGS_PATH));
    return { url };
  }

  /** POST organization/RefreshPayoutAccount: the school's Stripe account read back from Stripe. */
  async refresh(actor: Actor): Promise<PayoutAccount> {
    const orgId = this.schoolOf(actor);
    const account = await findPaymentAccount(this.deps.db, orgId, 'stripe');
    if (account && this.deps.stripe) {
      const stripe = this.deps.stripe;
      const now = await this.providerCall(() => stripe.retrieveAccount(account.accountId));
      await saveStripeAccount(this.deps.db, orgId, now);
    }
    return this.answer(orgId);
  }

  /** PUT organization/SetPayPalPayee */
  async setPayPalPayee(actor: Actor, email: string): Promise<PayoutAccount> {
    const orgId = this.schoolOf(actor);
    if (this.deps.mode !== 'connected') {
      throw new AppError(
        'VALIDATION',
        'This installation collects payments itself (PAYOUT_MODE=collected): schools do not set their own PayPal account.',
      );
    }
    if (!this.deps.paypal) throw new AppError('VALIDATION', 'PayPal is not configured on this installation.');
    await savePayPalPayee(this.deps.db, orgId, email);
    return this.answer(orgId);
  }

  /** `account.updated` from Stripe's webhook: the account as Stripe reports it now, in the caller's transaction. */
  async stripeAccountUpdated(db: Db, account: ConnectedAccount): Promise<void> {
    if (!(await updateStripeAccount(db, account))) {
      this.deps.log.info({ account: account.accountId }, 'account.updated for an account of no school');
    }
  }

  /**
   * Who a course sold through `provider` pays: undefined in collected mode (the operator's account);
   * in connected mode the school's enabled account, or a 400 saying the course cannot be bought now.
   */
  async payeeOf(
    orgId: number,
    provider: PaymentProviderName,
    platformFeeCents: number,
  ): Promise<Payee | undefined> {
    if (this.deps.mode === 'collected') return undefined;
    const account =
      provider === 'stripe' || provider === 'paypal'
        ? await findPaymentAccount(this.deps.db, orgId, provider)
        : undefined;
    if (account?.status !== 'enabled') {
      const through =
        provider === 'stripe' ? ' through Stripe' : provider === 'paypal' ? ' through PayPal' : '';
      throw new AppError(
        'VALIDATION',
        `This school cannot take payments${through} yet, so the course cannot be bought at the moment.`,
      );
    }
    return { accountId: account.accountId, platformFeeCents };
  }

  /** Publishing a paid course in connected mode: refused (400) while the school has no usable account. */
  async checkCanSellPaid(orgId: number): Promise<void> {
    if (this.deps.mode === 'collected') return;
    const { can, reason } = this.standing(await findPaymentAccounts(this.deps.db, orgId));
    if (!can)
      throw new AppError('VALIDATION', `A paid course cannot be published yet. ${reason ?? ''}`.trim());
  }
}
