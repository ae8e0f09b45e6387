import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { DAY_MS } from '../../lib/dates';
import type {
  ProviderSubscription,
  ProviderSubscriptions,
  SubscriptionRenewal,
} from '../../lib/payments/provider';
import {
  findPlanBySubscription,
  forgetSubscription,
  listSubscriptionsToSettle,
  movePlan,
  noteSubscriptionApproval,
  noteSubscriptionError,
  type PlanSubscriptionRow,
  touchPlan,
} from './billing.repository';
import type { BillingService } from './billing.service';
import type { PlanNotices } from './plan-notices';
import type { PlanSubscriptions } from './plan-subscriptions';

/** Records a provider's webhook event in the transaction of its effect; false when it was taken before. */
export type RecordEvent = (tx: Db) => Promise<boolean>;

/**
 * What a provider's own subscription of a plan reports (payments' webhooks, docs/decisions/027, 028): its
 * renewals paid or failed and its changes, each recorded with the event that brought it; and, in the
 * round, what it did that no webhook reported, and the subscriptions to start or end.
 */
export class SubscriptionEvents {
  constructor(
    private readonly deps: { db: Db; log: FastifyBaseLogger },
    private readonly subscriptions: PlanSubscriptions,
    private readonly renewals: Pick<BillingService, 'renewalPaid' | 'renewalFailed'>,
    private readonly notices: PlanNotices,
  ) {}

  /**
   * A renewal a provider's subscription made (its invoice, read back from the provider): paid, the next
   * period once (the order keyed by the invoice); failed, grace as when the round's charge fails (each try
   * recorded once). Only the renewal of the period after the plan's counts: the subscription's creation, a
   * change, or an invoice of the period the plan is in (or an earlier one) is taken and ignored. The event is recorded with its effect.
   */
  async subscriptionRenewal(
    renewal: SubscriptionRenewal,
    record: RecordEvent,
    now = new Date(),
  ): Promise<void> {
    const { db, log } = this.deps;
    const row = renewal.subscriptionId ? await findPlanBySubscription(db, renewal.subscriptionId) : undefined;
    // It renews the period after the plan's: one that starts later than the plan's period did (an
    // invoice of the period the plan is in, or of an earlier one, is late news of what is recorded).
    const follows =
      row !== undefined &&
      (renewal.periodStart === null || renewal.periodStart.getTime() > row.periodStart.getTime() + DAY_MS);
    if (!row || !renewal.isCycle || !follows) {
      if (row && renewal.isCycle) {
        log.info({ orgId: row.orgId, invoice: renewal.invoiceId }, 'a renewal of another period was ignored');
      }
      await db.transaction(async (tx) => {
        await record(tx);
      });
      return;
    }
    if (renewal.paid) {
      await this.renewals.renewalPaid(
        row,
        now,
        {
          provider: row.provider,
          providerOrderId: renewal.invoiceId,
          captureId: renewal.captureId,
          amountCents: renewal.amountCents,
          currency: renewal.currency,
          periodEnd: renewal.periodEnd ?? undefined,
        },
        record,
      );
      return;
    }
    await this.renewals.renewalFailed(
      row,
      now,
      {
        reason: renewal.failureReason ?? 'the renewal payment was declined',
        order: {
          providerOrderId: `${renewal.invoiceId}#${renewal.attempt}`,
          amountCents: renewal.amountCents,
          currency: renewal.currency,
        },
        retryAt: renewal.nextAttemptAt,
      },
      record,
    );
  }

  /**
   * A subscription approved on the provider's page that no plan follows (one ended here before the school
   * approved it, or replaced by a later purchase) is cancelled there: it would charge for nothing.
   */
  async endUnfollowed(subscriptions: ProviderSubscriptions, subscription: ProviderSubscription) {
    if (subscription.ended || !subscription.approved || subscription.orderId === null) return;
    if (await findPlanBySubscription(this.deps.db, subscription.id)) return;
    this.deps.log.warn({ subscription: subscription.id }, 'a subscription no plan follows was cancelled');
    await subscriptions.cancel(subscription.id);
  }

  /**
   * A provider's subscription changed or ended (read back from the provider). Cancelled at the period's
   * end there: `cancel`; that undone: `resume`. Ended: nothing renews the plan any more, which is then a
   * cancelled one (`cancel`: it runs to its period's end, and the round lapses it then); in grace, its
   * renewal will never be paid there, so it lapses now (`grace_ended`). A subscription of an earlier
   * purchase is only forgotten.
   */
  async subscriptionChanged(
    subscription: ProviderSubscription,
    record: RecordEvent,
    now = new Date(),
  ): Promise<void> {
    const { db } = this.deps;
    const row = await findPlanBySubscription(db, subscription.id);
    await db.transaction(async (tx) => {
      if (!(await record(tx)) || !row) return;
      if (subscription.ended) {
        await forgetSubscription(tx, row.orgId, subscription.id);
        if (subscription.orderId !== null && subscription.orderId !== row.sourceOrderId) return;
        if (row.status === 'active') await movePlan(tx, row.orgId, 'cancel');
        // The provider gave up on the renewal (its retries failed): nothing will pay it, the plan lapses now.
        if (row.status === 'past_due') {
          const lapsed = await movePlan(tx, row.orgId, 'grace_ended', {
            nextAttemptAt: null,
            claimedUntil: null,
          });
          if (lapsed) await this.notices.lapsed(tx, lapsed, now);
        }
        return;
      }
      // The school approved it on the provider's page (PayPal): it renews the plan from now on.
      if (subscription.approved && row.subscriptionApproveUrl !== null) {
        await noteSubscriptionApproval(tx, row.orgId, subscription.id, null);
      }
      if (!subscription.approved) return;
      if (subscription.cancelAtPeriodEnd && row.status === 'active') {
        await movePlan(tx, row.orgId, 'cancel');
      } else if (!subscription.cancelAtPeriodEnd && row.status === 'cancelling') {
        await movePlan(tx, row.orgId, 'resume', { nextAttemptAt: row.periodEnd });
      }
    });
  }

  /**
   * A renewal the provider has not reported (its webhook lost, or not configured), read from the
   * subscription: ended there, as `customer.subscription.deleted`; its latest invoice paid (or, for a plan
   * still active, failed), as `invoice.paid` or `invoice.payment_failed`. Nothing is recorded twice: the
   * same calls, keyed as the webhooks' are.
   */
  private async askRenewal(row: PlanSubscriptionRow, now: Date) {
    const managed = this.subscriptions.of(row);
    if (!managed) return;
    const { id, subscriptions } = managed;
    const nothingToRecord: RecordEvent = async () => true;
    const subscription = await subscriptions.retrieve(id);
    if (subscription.ended) {
      await this.subscriptionChanged(subscription, nothingToRecord, now);
      return;
    }
    if (!subscription.approved) {
      // Never approved, and the period it was to renew is over: it is ended, and the plan renews as one
      // without a subscription (grace: the school pays at checkout).
      await subscriptions.cancel(id);
      await forgetSubscription(this.deps.db, row.orgId, id);
      return;
    }
    const renewal = await subscriptions.latestRenewal(id);
    if (!renewal) return;
    // A failure already taken is not counted again (the provider's retries report themselves), and an
    // invoice not tried yet (Stripe charges a renewal about an hour after making it) is no failure.
    const failed = !renewal.paid && renewal.attempt > 0 && row.status === 'active';
    if (renewal.paid || failed) await this.subscriptionRenewal(renewal, nothingToRecord, now);
  }

  /**
   * The provider's subscriptions that should be and are not: one a purchase could not start at its
   * capture is tried again (hourly, while the period runs); one of a lapsed plan is ended, so that the
   * provider charges nothing more for it.
   */
  async settle(now: Date): Promise<void> {
    const { db, log } = this.deps;
    const providers = this.subscriptions.providerNames;
    if (providers.length === 0) return;
    const { unstarted, lapsed, overdue } = await listSubscriptionsToSettle(db, providers, now);
    for (const row of overdue) {
      await this.askRenewal(row, now).catch((error: unknown) => {
        log.warn(
          { err: error, orgId: row.orgId },
          'the renewal of a plan could not be read from its provider',
        );
      });
      await touchPlan(db, row.orgId, now);
    }
    for (const row of unstarted) {
      await this.subscriptions.start(row).catch(async (error: unknown) => {
        log.warn({ err: error, orgId: row.orgId }, 'the subscription of a plan could not start yet');
        await noteSubscriptionError(db, row.orgId, (error as Error).message);
      });
    }
    for (const row of lapsed) await this.subscriptions.end(row);
  }
}
