import {
  centsOf,
  decimalOf,
  PaymentProviderError,
  type ProviderSubscription,
  type ProviderSubscriptions,
  type SubscriptionPrice,
  type SubscriptionRenewal,
} from './provider';

type Money = { currency_code?: string; value?: string };
type PayPalError = { name?: string; details?: { issue?: string }[] };
type PayPalSubscriptionBody = PayPalError & {
  id?: string;
  status?: string;
  plan_id?: string;
  custom_id?: string;
  subscriber?: { payer_id?: string };
  billing_info?: {
    cycle_executions?: { tenure_type?: string; cycles_completed?: number }[];
    last_payment?: { amount?: Money; time?: string };
    next_billing_time?: string;
    failed_payments_count?: number;
    last_failed_payment?: {
      amount?: Money;
      time?: string;
      reason_code?: string;
      next_payment_retry_time?: string;
    };
  };
  links?: { rel?: string; href?: string }[];
};
type PayPalSale = PayPalError & {
  id?: string;
  state?: string;
  amount?: { total?: string; currency?: string };
  billing_agreement_id?: string;
  create_time?: string;
};
type PayPalTransaction = {
  id?: string;
  status?: string;
  amount_with_breakdown?: { gross_amount?: Money };
  time?: string;
};

/** A call of PayPal's REST API as the provider makes it (OAuth, PayPal-Request-Id, 5xx as a provider error). */
export type PayPalCall = <T>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  requestId: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

/** How many pages of a product's plans are read looking for a price's plan (20 a page). */
const PLAN_PAGES = 10;
/** The path of the field a price change replaces on a subscription (PATCH, PayPal's "plan override"). */
const PRICE_PATH = '/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price';

const dateOf = (value: string | undefined) => {
  const date = value ? new Date(value) : null;
  return date && Number.isFinite(date.getTime()) ? date : null;
};
const issueOf = (body: PayPalError) => body.details?.[0]?.issue ?? body.name ?? '';
const path = (id: string, action = '') => `/v1/billing/subscriptions/${encodeURIComponent(id)}${action}`;

/**
 * PayPal Subscriptions for plans (docs/decisions/028): a Catalog product per plan category and a Billing
 * plan per price (its amount, currency and period, found by name or made once); a subscription per
 * purchase starting when its paid period ends, which the school approves on PayPal's page. Cancelling at
 * the period's end suspends it (ResumePlan activates it again), a lapse cancels it. Every renewal is a
 * sale PayPal reports (PAYMENT.SALE.COMPLETED) or a failed payment (BILLING.SUBSCRIPTION.PAYMENT.FAILED),
 * each read back from PayPal.
 */
export class PayPalSubscriptions implements ProviderSubscriptions {
  /** A subscription keeps its billing period: another one needs the school's approval, at checkout. */
  readonly changesPeriod = false;

  constructor(
    private readonly call: PayPalCall,
    /** Where PayPal sends the school back after approving (Plan & billing), or cancelling. */
    private readonly returnUrl: string,
  ) {}

  async start(input: Parameters<ProviderSubscriptions['start']>[0]) {
    // PayPal would charge a subscription starting now at once: the period must still run.
    if (input.startsAt.getTime() <= Date.now() + 60_000) {
      throw new PaymentProviderError('the paid period has ended: no subscription is started for it');
    }
    const planId = await this.planOf(input.price);
    const { status, body } = await this.call<PayPalSubscriptionBody>(
      'POST',
      '/v1/billing/subscriptions',
      input.requestId,
      {
        plan_id: planId,
        start_time: input.startsAt.toISOString(),
        custom_id: input.orderId,
        application_context: {
          brand_name: 'Skillwise',
          user_action: 'SUBSCRIBE_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: this.returnUrl,
          cancel_url: this.returnUrl,
        },
      },
    );
    if ((status !== 200 && status !== 201) || !body.id) {
      throw new PaymentProviderError(`PayPal refused the subscription (${status} ${issueOf(body)})`);
    }
    const made = subscriptionOf(body);
    // A repeated request id answers the subscription made first: one ended since cannot renew the plan
    // (asked again later, PayPal makes another once it has forgotten the id).
    if (made.ended) throw new PaymentProviderError(`PayPal answered the ended subscription ${body.id}`);
    return { subscriptionId: body.id, customerId: null, card: null, approveUrl: made.approveUrl };
  }

  async retrieve(id: string): Promise<ProviderSubscription> {
    const { status, body } = await this.call<PayPalSubscriptionBody>(
      'GET',
      path(id),
      `look-${id}-${Date.now()}`,
    );
    if (status === 404) {
      // Gone at PayPal: ended.
      return subscriptionOf({ id, status: 'CANCELLED' });
    }
    if (status !== 200) throw new PaymentProviderError(`PayPal answered the subscription ${status}`);
    return subscriptionOf(body);
  }

  /** Suspended (cancelled at the period's end: nothing more is charged) or active again. */
  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
    const action = cancel ? 'suspend' : 'activate';
    const reason = cancel ? 'Cancelled by the school' : 'Resumed by the school';
    const { status, body } = await this.call<PayPalError>(
      'POST',
      path(id, `/${action}`),
      `${action}-${id}-${Date.now()}`,
      { reason },
    );
    // 422: already so (a repeated call); anything else it is not is a failure.
    const now = await this.retrieve(id);
    if (status === 204 || status === 200 || (status === 422 && now.cancelAtPeriodEnd === cancel)) return now;
    throw new PaymentProviderError(
      `PayPal refused to ${action} the subscription (${status} ${issueOf(body)})`,
    );
  }

  /** The price PayPal charges from the next billing on (the period itself cannot change: changesPeriod). */
  async changePrice(id: string, price: SubscriptionPrice): Promise<void> {
    const { status, body } = await this.call<PayPalError>('PATCH', path(id), `price-${id}-${Date.now()}`, [
      {
        op: 'replace',
        path: PRICE_PATH,
        value: { currency_code: price.currency, value: decimalOf(price.amountCents) },
      },
    ]);
    if (status !== 204 && status !== 200) {
      throw new PaymentProviderError(`PayPal refused the new price (${status} ${issueOf(body)})`);
    }
  }

  /**
   * Cancelled at PayPal. One never approved may be refused (422): it charges nothing, and should the
   * school approve it later, the approval's event finds no plan following it and cancels it then.
   */
  async cancel(id: string): Promise<void> {
    if ((await this.retrieve(id)).ended) return;
    const { status, body } = await this.call<PayPalError>('POST', path(id, '/cancel'), `cancel-${id}`, {
      reason: 'The plan ended',
    });
    if (status === 204 || status === 200) return;
    const now = status === 422 ? await this.retrieve(id) : undefined;
    if (now && (now.ended || !now.approved)) return;
    throw new PaymentProviderError(`PayPal refused to cancel the subscription (${status} ${issueOf(body)})`);
  }

  /** The latest payment or failed payment of a subscription, whichever came last. */
  async latestRenewal(id: string): Promise<SubscriptionRenewal | null> {
    const { status, body } = await this.call<PayPalSubscriptionBody>(
      'GET',
      path(id),
      `look-${id}-${Date.now()}`,
    );
    if (status !== 200) throw new PaymentProviderError(`PayPal answered the subscription ${status}`);
    const info = body.billing_info;
    const paidAt = dateOf(info?.last_payment?.time);
    const failedAt = dateOf(info?.last_failed_payment?.time);
    if (failedAt && (!paidAt || failedAt > paidAt)) return failedRenewalOf(id, body);
    if (!paidAt) return null;
    // The sale of that payment, from the subscription's transactions around its time.
    const from = new Date(paidAt.getTime() - 3600_000).toISOString();
    const to = new Date(Math.max(Date.now(), paidAt.getTime() + 3600_000)).toISOString();
    const listed = await this.call<{ transactions?: PayPalTransaction[] }>(
      'GET',
      `${path(id, '/transactions')}?start_time=${encodeURIComponent(from)}&end_time=${encodeURIComponent(to)}`,
      `transactions-${id}-${Date.now()}`,
    );
    if (listed.status !== 200)
      throw new PaymentProviderError(`PayPal answered the transactions ${listed.status}`);
    const sale = (listed.body.transactions ?? [])
      .filter((t) => t.status === 'COMPLETED' && t.id)
      .sort((a, b) => (dateOf(b.time)?.getTime() ?? 0) - (dateOf(a.time)?.getTime() ?? 0))[0];
    return sale?.id ? this.saleRenewal(sale.id) : null;
  }

  /** The renewal a sale paid (PAYMENT.SALE.COMPLETED), read back from PayPal: the sale, then its subscription. */
  async saleRenewal(saleId: string): Promise<SubscriptionRenewal> {
    const { status, body: sale } = await this.call<PayPalSale>(
      'GET',
      `/v1/payments/sale/${encodeURIComponent(saleId)}`,
      `sale-${saleId}-${Date.now()}`,
    );
    if (status !== 200) throw new PaymentProviderError(`PayPal answered the sale ${status}`);
    const subscriptionId = sale.billing_agreement_id ?? '';
    const subscription = subscriptionId
      ? await this.call<PayPalSubscriptionBody>(
          'GET',
          path(subscriptionId),
          `look-${subscriptionId}-${Date.now()}`,
        )
      : undefined;
    const cents = centsOf(sale.amount?.total ?? '');
    return {
      subscriptionId,
      invoiceId: sale.id ?? saleId,
      // A subscription of ours has no setup fee: each sale pays a period.
      isCycle: subscriptionId !== '',
      paid: sale.state === 'completed',
      amountCents: Number.isSafeInteger(cents) ? cents : 0,
      currency: (sale.amount?.currency ?? '').toUpperCase(),
      periodStart: dateOf(sale.create_time),
      periodEnd: dateOf(subscription?.body.billing_info?.next_billing_time),
      captureId: sale.id ?? saleId,
      attempt: 1,
      nextAttemptAt: null,
      failureReason: null,
    };
  }

  /** The renewal PayPal could not charge (BILLING.SUBSCRIPTION.PAYMENT.FAILED), read back from PayPal. */
  async failedRenewal(subscriptionId: string): Promise<SubscriptionRenewal | null> {
    const { status, body } = await this.call<PayPalSubscriptionBody>(
      'GET',
      path(subscriptionId),
      `look-${subscriptionId}-${Date.now()}`,
    );
    if (status !== 200) throw new PaymentProviderError(`PayPal answered the subscription ${status}`);
    return body.billing_info?.last_failed_payment ? failedRenewalOf(subscriptionId, body) : null;
  }

  /** The catalog product of a plan's category, with an id of ours: made once, found afterwards. */
  private async productOf(category: string): Promise<string> {
    const id = `SKILLWISE-PLAN-${category.replace(/[^A-Za-z0-9]/g, '-').toUpperCase()}`;
    const found = await this.call<PayPalError>('GET', `/v1/catalogs/products/${id}`, `product-${id}`);
    if (found.status === 200) return id;
    const made = await this.call<PayPalError & { id?: string }>(
      'POST',
      '/v1/catalogs/products',
      `product-${id}`,
      {
        id,
        name: `Skillwise ${category} plan`,
        type: 'SERVICE',
        category: 'SOFTWARE',
      },
    );
    // Made meanwhile by another request.
    if (
      made.status === 200 ||
      made.status === 201 ||
      issueOf(made.body) === 'DUPLICATE_RESOURCE_IDENTIFIER'
    ) {
      return id;
    }
    throw new PaymentProviderError(`PayPal refused the product (${made.status} ${issueOf(made.body)})`);
  }

  /** The billing plan charging `price` (its amount, currency and period), found by its name or made. */
  private async planOf(price: SubscriptionPrice): Promise<string> {
    const productId = await this.productOf(price.category);
    const yearly = price.months % 12 === 0;
    const count = yearly ? price.months / 12 : price.months;
    const unit = yearly ? 'YEAR' : 'MONTH';
    const name = `Skillwise ${price.category} plan, ${decimalOf(price.amountCents)} ${price.currency} every ${count} ${unit.toLowerCase()}${count === 1 ? '' : 's'}`;
    for (let page = 1; page <= PLAN_PAGES; page += 1) {
      const listed = await this.call<{ plans?: { id?: string; name?: string; status?: string }[] }>(
        'GET',
        `/v1/billing/plans?product_id=${encodeURIComponent(productId)}&page_size=20&page=${page}`,
        `plans-${productId}-${page}-${Date.now()}`,
      );
      if (listed.status !== 200) throw new PaymentProviderError(`PayPal answered the plans ${listed.status}`);
      const plans = listed.body.plans ?? [];
      const plan = plans.find((p) => p.name === name && p.status === 'ACTIVE');
      if (plan?.id) return plan.id;
      if (plans.length < 20) break;
    }
    const { status, body } = await this.call<PayPalError & { id?: string }>(
      'POST',
      '/v1/billing/plans',
      `plan-${productId}-${price.amountCents}-${price.currency}-${price.months}`,
      {
        product_id: productId,
        name,
        status: 'ACTIVE',
        billing_cycles: [
          {
            frequency: { interval_unit: unit, interval_count: count },
            tenure_type: 'REGULAR',
            sequence: 1,
            // Until cancelled.
            total_cycles: 0,
            pricing_scheme: {
              fixed_price: { value: decimalOf(price.amountCents), currency_code: price.currency },
            },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
      },
    );
    if ((status !== 200 && status !== 201) || !body.id) {
      throw new PaymentProviderError(`PayPal refused the plan (${status} ${issueOf(body)})`);
    }
    return body.id;
  }
}

/** A PayPal subscription as the billing engine reads it. */
function subscriptionOf(body: PayPalSubscriptionBody): ProviderSubscription {
  const status = body.status ?? '';
  const approveUrl =
    status === 'APPROVAL_PENDING' ? (body.links?.find((l) => l.rel === 'approve')?.href ?? null) : null;
  return {
    id: body.id ?? '',
    customerId: body.subscriber?.payer_id ?? '',
    status,
    ended: status === 'CANCELLED' || status === 'EXPIRED',
    approved: status === 'ACTIVE' || status === 'SUSPENDED' || status === 'APPROVED',
    approveUrl,
    cancelAtPeriodEnd: status === 'SUSPENDED',
    orderId: body.custom_id ?? null,
    currentPeriodEnd: dateOf(body.billing_info?.next_billing_time),
  };
}

/**
 * A failed payment of a subscription: the renewal of its next cycle (its reference, kept over PayPal's
 * retries), tried `failed_payments_count` times, with PayPal's next retry.
 */
function failedRenewalOf(id: string, body: PayPalSubscriptionBody): SubscriptionRenewal {
  const info = body.billing_info;
  const failed = info?.last_failed_payment;
  const cycle = (info?.cycle_executions?.find((c) => c.tenure_type === 'REGULAR')?.cycles_completed ?? 0) + 1;
  const cents = centsOf(failed?.amount?.value ?? '');
  return {
    subscriptionId: id,
    invoiceId: `${id}/cycle-${cycle}`,
    isCycle: true,
    paid: false,
    amountCents: Number.isSafeInteger(cents) ? cents : 0,
    currency: (failed?.amount?.currency_code ?? '').toUpperCase(),
    periodStart: dateOf(failed?.time),
    periodEnd: null,
    captureId: null,
    attempt: Math.max(1, info?.failed_payments_count ?? 1),
    nextAttemptAt: dateOf(failed?.next_payment_retry_time),
    failureReason: failed?.reason_code ?? null,
  };
}
