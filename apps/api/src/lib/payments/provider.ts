import type { PaymentProviderName } from '@skillwise/contracts';

/** An order the buyer still has to approve. */
export type ProviderOrder = { id: string; approveUrl: string | null };

/**
 * What became of a capture: COMPLETED (the money is ours), PENDING (captured, but the provider holds the
 * money for review: the buyer gets access once it completes), DECLINED (nothing was charged).
 * `cardDeclined` says the buyer's card (or other funding source) was refused by its issuer or the
 * provider: another card may work, which the buyer is told (docs/decisions/021). `feeCents` is the
 * provider's own fee on the capture, in the capture's currency, when it reports one (null or absent: not
 * reported); it is recorded on the order when it is captured (docs/decisions/024).
 */
export type CaptureResult =
  | {
      status: 'COMPLETED' | 'PENDING';
      captureId: string;
      amountCents: number;
      currency: string;
      feeCents?: number | null;
    }
  | { status: 'DECLINED'; reason: string; cardDeclined: boolean };

/** A capture whose money is ours: what a refund gives back. */
export type CapturedPayment = { captureId: string; amountCents: number; currency: string };

/** A refund the provider has taken; `refundId` is null when it was refunded before, from elsewhere. */
export type RefundResult = { refundId: string | null };

/**
 * A capture refunded at the provider (its dashboard), as the provider reports it when asked: `refunded`
 * when wholly, `amountCents` then the amount given back, `refundId` the provider's refund if known.
 */
export type ProviderRefund = {
  captureId: string | null;
  refunded: boolean;
  amountCents: number;
  currency: string;
  refundId: string | null;
};

/** The provider could not be reached or failed (5xx, network): nothing is known to have been charged. */
export class PaymentProviderError extends Error {}

/** Create and capture, the two steps of SPEC §4's payment sequence (DESIGN: a provider interface). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to show the provider's buttons (PayPal's client id), if anything. */
  readonly clientId: string | null;
  createOrder(input: {
    amountCents: number;
    currency: string;
    description: string;
    referenceId: string;
    buyerEmail: string;
    /** Idempotency key: repeating it answers the same order. */
    requestId: string;
    /**
     * The path of this app a hosted payment page sends the buyer back to (the checkout, which captures
     * the order named by `?orderId=`); providers whose approval happens elsewhere ignore it.
     */
    returnPath?: string;
    /**
     * The school paid directly (PAYOUT_MODE=connected): its account at this provider (Stripe's
     * `acct_…`, PayPal's payee e-mail) and the operator's fee kept from the payment. Absent: the
     * operator's own account takes it all (plans, and every order in collected mode).
     */
    payee?: { accountId: string; platformFeeCents: number };
    /**
     * A plan's order: the provider keeps the card for the plan's renewals, on the organisation's customer
     * (`customerId` when it has one already, else one made for it). Providers without customers ignore it.
     */
    keepCardFor?: { orgId: number; userId: number; customerId: string | null };
  }): Promise<ProviderOrder>;
  /** Captures an approved order; repeating it with the same request id answers the same capture. */
  captureOrder(orderId: string, requestId: string): Promise<CaptureResult>;
  /** The order's capture as the provider sees it now (a PENDING one may have completed since). */
  checkCapture(orderId: string): Promise<CaptureResult>;
  /**
   * Gives a whole capture back, its amount named so that the provider refuses more than was paid;
   * repeating it with the same request id refunds once and answers the same refund.
   */
  refund(capture: CapturedPayment, requestId: string): Promise<RefundResult>;
  /**
   * The card an order was paid with, as the provider keeps it for later charges (a token and the last four
   * digits, never the number), or null when it keeps none. Optional: a provider without it renews plans
   * only through its own subscriptions and webhooks (docs/decisions/025).
   */
  savedCardOf?(orderId: string): Promise<SavedCard | null>;
  /**
   * Charges a saved card without the buyer (a plan's renewal, an upgrade's difference): the provider's
   * order for it and what became of the charge. Repeating it with the same request id charges once and
   * answers the same. Optional, as savedCardOf.
   */
  chargeSaved?(input: {
    cardToken: string;
    amountCents: number;
    currency: string;
    description: string;
    requestId: string;
  }): Promise<{ orderId: string; result: CaptureResult }>;
  /**
   * The provider renews plans by its own subscriptions (docs/decisions/027): these start, change and stop
   * one. Optional: without them the renewal round charges the saved card (chargeSaved).
   */
  readonly subscriptions?: ProviderSubscriptions;
}

/** A plan's price as a provider's subscription charges it. */
export type SubscriptionPrice = {
  category: string;
  amountCents: number;
  currency: string;
  months: number;
};

/** A provider's subscription that renews a plan, as the provider reports it. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: string;
  /** Ended at the provider (cancelled, expired, gone): it charges nothing more. */
  ended: boolean;
  /**
   * The school has agreed to it: it charges when its period comes. False while it waits for the school's
   * approval on the provider's page (PayPal's APPROVAL_PENDING), `approveUrl` then that page.
   */
  approved: boolean;
  approveUrl: string | null;
  cancelAtPeriodEnd: boolean;
  /** The purchase (checkout order) it was started for. */
  orderId: string | null;
  /** When it next charges (the end of what is paid). */
  currentPeriodEnd: Date | null;
};

/** What a provider's subscription did about one of its renewals (an invoice), read back from the provider. */
export type SubscriptionRenewal = {
  subscriptionId: string;
  /**
   * The provider's reference of the renewal (Stripe's invoice id, PayPal's sale id or, for a failed one,
   * the subscription's cycle): a renewal is recorded once by it.
   */
  invoiceId: string;
  /** The renewal of a period (not the subscription's creation, nor a change). */
  isCycle: boolean;
  paid: boolean;
  amountCents: number;
  currency: string;
  /** The period it pays, as the provider counts it. */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The payment's own id (Stripe's PaymentIntent, PayPal's sale), the capture a refund names; null when unknown. */
  captureId: string | null;
  attempt: number;
  nextAttemptAt: Date | null;
  failureReason: string | null;
};

/** Subscriptions at the provider for plans that renew there (docs/decisions/027, 028). */
export interface ProviderSubscriptions {
  /**
   * Whether a subscription can move to a plan of another billing period (a month to a year). PayPal's
   * cannot without the school approving a new one: such a change is bought at checkout instead.
   */
  readonly changesPeriod: boolean;
  /**
   * Starts the subscription of a plan just paid at checkout (`orderId`), charging `price` from `startsAt`
   * (the end of the paid period: nothing is charged before). The same `requestId` answers the same one.
   * `approveUrl` is where the school approves it when the provider asks it to (PayPal), else null.
   */
  start(input: {
    orderId: string;
    orgId: number;
    price: SubscriptionPrice;
    startsAt: Date;
    requestId: string;
  }): Promise<{
    subscriptionId: string;
    customerId: string | null;
    card: SavedCard | null;
    approveUrl: string | null;
  }>;
  /** Sets whether it ends with its period (CancelPlan, ResumePlan). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /**
   * Charges `price` from now on (`from: 'now'`, nothing prorated: an upgrade's difference is charged
   * apart) or from `from` (a date: the rest of the period is not charged again).
   */
  changePrice(subscriptionId: string, price: SubscriptionPrice, from: 'now' | Date): Promise<void>;
  /** Ends it now (a lapsed plan, or one replaced by a new purchase); one ended already is no error. */
  cancel(subscriptionId: string): Promise<void>;
  retrieve(subscriptionId: string): Promise<ProviderSubscription>;
  /** Its latest renewal (paid or failed), read back from the provider; null before the first. */
  latestRenewal(subscriptionId: string): Promise<SubscriptionRenewal | null>;
}

/** Where a connected account stands: `enabled` takes payments; `restricted` needs the school's action. */
export type ConnectedAccountStatus = 'pending' | 'enabled' | 'restricted';

export type ConnectedAccount = {
  accountId: string;
  status: ConnectedAccountStatus;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
};

/** A provider whose schools open accounts of their own, paid into directly (Stripe Connect). */
export interface ConnectedAccounts {
  /** Creates the school's account; the same `requestId` answers the same account. */
  createAccount(input: { orgId: number; email: string; requestId: string }): Promise<ConnectedAccount>;
  /** A one-time link to the provider's onboarding of the account, coming back to `returnPath`. */
  onboardingLink(accountId: string, returnPath: string): Promise<string>;
  /** The account as the provider sees it now. */
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
}

/** A card the provider keeps for charging again: its reference and the last four digits of its number. */
export type SavedCard = { token: string; last4: string };

/** Cents from a decimal amount string such as "49.99" (the contracts' one parser of amounts). */
export { centsOf } from '@skillwise/contracts';
export const decimalOf = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
