import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../lib/payments/provider';
import type { SandboxProvider } from '../../lib/payments/sandbox';
import type { BillingService } from '../billing/billing.service';
import type { NotificationService } from '../notifications/notifications.service';
import type { PlanLimits } from '../organisations/plan-limits';
import { CheckoutService } from './checkout.service';
import { OrderCapture } from './order-capture';
import { OrderRefunds } from './order-refunds';
import { PaymentProviders } from './payment-providers';
import { PaymentWebhooks } from './payment-webhooks.service';
import type { PayoutAccountService } from './payout-accounts.service';
import { SalesService } from './sales.service';
import { SandboxApproval } from './sandbox-approval';

export type PaymentDeps = {
  db: Db;
  /** The default provider: the one an order takes when it names none. */
  provider: PaymentProvider;
  /** Every other configured provider an order may name; each order is settled by its own. */
  others?: readonly PaymentProvider[];
  /** Set when the provider is the built-in sandbox, whose approval page we serve. */
  sandbox: SandboxProvider | undefined;
  limits: PlanLimits;
  log: FastifyBaseLogger;
  notifications: NotificationService;
  /** PLATFORM_FEE_PERCENT in hundredths of a percent: the operator's fee fixed on each course order. */
  platformFeeBasisPoints?: number;
  /** The renewal engine: a plan bought here renews by itself (docs/decisions/025). */
  billing?: BillingService | undefined;
  /** The schools' own accounts: with PAYOUT_MODE=connected a course order pays its school (docs/decisions/026). */
  payoutAccounts?: PayoutAccountService | undefined;
};

/**
 * Payments (SPEC §4, docs/ARCHITECTURE.md "Payments"), for courses and plans through one provider
 * interface: the checkout calls (checkout.service.ts) and the sandbox's approval page, an order's capture
 * (order-capture.ts), refunds (order-refunds.ts), the providers' webhooks (payment-webhooks.service.ts),
 * the sales and purchases lists (sales.service.ts), and the reconciler that settles what was left in flight.
 */
export class PaymentService {
  readonly providers: PaymentProviders;
  readonly refunds: OrderRefunds;
  readonly checkout: CheckoutService;
  readonly sandbox: SandboxApproval;
  readonly webhooks: PaymentWebhooks;
  readonly sales: SalesService;
  private readonly capture: OrderCapture;

  constructor(deps: PaymentDeps) {
    this.providers = new PaymentProviders(deps.provider, deps.others, deps.log);
    this.refunds = new OrderRefunds(deps, this.providers);
    this.capture = new OrderCapture(deps, this.providers, this.refunds);
    this.checkout = new CheckoutService(deps, this.providers, this.capture);
    this.sandbox = new SandboxApproval(deps);
    this.webhooks = new PaymentWebhooks(deps, this.providers, this.capture, this.refunds);
    this.sales = new SalesService(deps);
  }

  /**
   * Settles orders left in capture or held pending for longer than `olderThanMs` (a crash, a provider
   * that did not answer, a review that has finished), then asks again for the refunds still owed: run
   * every minute by the server. Each order is captured once and each refund made once, whichever
   * instance gets there first. Stops between orders once `signal` is aborted (the server is closing).
   */
  async settleInFlight(
    olderThanMs = 60_000,
    signal?: AbortSignal,
  ): Promise<{ settled: number; refunded: number }> {
    const before = new Date(Date.now() - olderThanMs);
    const settled = await this.capture.settleInFlight(before, signal);
    if (signal?.aborted) return { settled, refunded: 0 };
    return { settled, refunded: await this.refunds.sendPending(before, signal) };
  }
}
