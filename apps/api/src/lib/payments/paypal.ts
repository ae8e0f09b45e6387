import { PayPalSubscriptions } from './paypal-subscriptions';
import {
  type CapturedPayment,
  type CaptureResult,
  centsOf,
  decimalOf,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderRefund,
  type RefundResult,
} from './provider';

export type PayPalSettings = {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  /** The id PayPal gave the webhook registered for this app (PAYPAL_WEBHOOK_ID): its deliveries are verified against it. */
  webhookId?: string | undefined;
  /**
   * Where PayPal sends the school back once it approved (or declined) its plan's subscription: Plan &
   * billing. Without it the provider renews no plan by subscriptions (docs/decisions/028).
   */
  renewalReturnUrl?: string | undefined;
};

/** The PAYPAL-* headers of a webhook delivery that PayPal's verification call takes. */
export const PAYPAL_WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;
export type PayPalTransmission = Record<keyof typeof PAYPAL_WEBHOOK_HEADERS, string>;

type PayPalMoney = { currency_code?: string; value?: string };
type PayPalCapture = {
  id?: string;
  status?: string;
  amount?: PayPalMoney;
  seller_receivable_breakdown?: { paypal_fee?: PayPalMoney };
};
type PayPalOrderBody = {
  id?: string;
  status?: string;
  links?: { rel?: string; href?: string }[];
  purchase_units?: { payments?: { captures?: PayPalCapture[] } }[];
  details?: { issue?: string; description?: string }[];
  name?: string;
  message?: string;
};

/**
 * PayPal Orders v2 over REST: OAuth client credentials, create, capture, check, refund, with
 * PayPal-Request-Id for idempotency.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  private token: { value: string; expiresAt: number } | undefined;
  /** PayPal Subscriptions for plans (docs/decisions/028). */
  readonly subscriptions: PayPalSubscriptions | undefined;

  constructor(
    private readonly settings: PayPalSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    const returnUrl = settings.renewalReturnUrl;
    this.subscriptions = returnUrl
      ? new PayPalSubscriptions(
          (method, path, requestId, body) => this.call(method, path, requestId, body),
          returnUrl,
        )
      : undefined;
  }

  get clientId() {
    return this.settings.clientId;
  }

  get webhookId(): string | undefined {
    return this.settings.webhookId;
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.settings.baseUrl.replace(/\/+$/, '')}${path}`, {
        ...init,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`PayPal unreachable: ${(error as Error).message}`);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await this.request('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PaymentProviderError(`PayPal token request failed with ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PaymentProviderError('PayPal answered no access token');
    this.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 300) * 1000 };
    return body.access_token;
  }

  /** One call of PayPal's API: its token, the request id, a 5xx or no answer as a provider error. */
  private async call<T = PayPalOrderBody>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    requestId: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await this.request(path, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status === 401) this.token = undefined;
    if (res.status >= 500) throw new PaymentProviderError(`PayPal answered ${res.status}`);
    const parsed = (await res.json().catch(() => ({}))) as T;
    return { status: res.status, body: parsed };
  }

  async createOrder(input: Parameters<PaymentProvider['createOrder']>[0]): Promise<ProviderOrder> {
    const { status, body } = await this.call('POST', '/v2/checkout/orders', input.requestId, {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.referenceId,
          description: input.description.slice(0, 127),
          amount: { currency_code: input.currency, value: decimalOf(input.amountCents) },
          // The school paid directly: PayPal pays its payee, the operator's fee taken as a platform fee.
          ...(input.payee
            ? {
                payee: { email_address: input.payee.accountId },
                payment_instruction: {
                  platform_fees: [
                    {
                      amount: {
                        currency_code: input.currency,
                        value: decimalOf(input.payee.platformFeeCents),
                      },
                    },
                  ],
                },
              }
            : {}),
        },
      ],
      payer: { email_address: input.buyerEmail },
    });
    if (status !== 200 && status !== 201) {
      throw new PaymentProviderError(
        `PayPal refused the order (${status} ${body.name ?? ''} ${body.details?.[0]?.issue ?? ''})`,
      );
    }
    if (!body.id) throw new PaymentProviderError('PayPal answered no order id');
    const approve = body.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href ?? null;
    return { id: body.id, approveUrl: approve };
  }

  async captureOrder(orderId: string, requestId: string): Promise<CaptureResult> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
    let { status, body } = await this.call('POST', path, requestId, {});
    const issue = body.details?.[0]?.issue;
    if (status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
      ({ status, body } = await this.call(
        'GET',
        `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
        requestId,
      ));
    } else if (status === 422 || status === 400 || status === 404) {
      return {
        status: 'DECLINED',
        reason: issue ?? body.name ?? `PayPal answered ${status}`,
        cardDeclined: issue !== undefined && FUNDING_DECLINED_ISSUES.has(issue),
      };
    }
    if (status !== 200 && status !== 201) throw new PaymentProviderError(`PayPal answered ${status}`);
    return captureOf(body);
  }

  async checkCapture(orderId: string): Promise<CaptureResult> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    const { status, body } = await this.call('GET', path, `check-${orderId}-${Date.now()}`);
    if (status === 404) return { status: 'DECLINED', reason: 'RESOURCE_NOT_FOUND', cardDeclined: false };
    if (status !== 200) throw new PaymentProviderError(`PayPal answered ${status}`);
    return captureOf(body);
  }

  /**
   * Whether PayPal itself vouches for a webhook delivery (POST /v1/notifications/verify-webhook-signature):
   * the event is sent as its bytes arrived, so that what PayPal checks is what it signed. A PayPal that
   * cannot be reached or fails is a provider error (the delivery is then answered 5xx and retried).
   */
  async verifyWebhook(transmission: PayPalTransmission, rawEvent: string): Promise<boolean> {
    const webhookId = this.settings.webhookId;
    if (!webhookId) return false;
    const fields = { ...transmission, webhook_id: webhookId };
    const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawEvent}}`;
    const res = await this.request('/v1/notifications/verify-webhook-signature', {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body,
    });
    if (res.status === 401) this.token = undefined;
    if (res.status === 400) return false;
    if (!res.ok) throw new PaymentProviderError(`PayPal answered the verification ${res.status}`);
    const answer = (await res.json().catch(() => ({}))) as { verification_status?: string };
    return answer.verification_status === 'SUCCESS';
  }

  /**
   * A capture's refunds as PayPal reports them now (GET /v2/payments/captures/{id}): wholly refunded
   * (REFUNDED, or REVERSED by a chargeback) or not; the amount is the capture's own, never an event's.
   */
  async captureRefunds(captureId: string, refundId: string | null): Promise<ProviderRefund> {
    const path = `/v2/payments/captures/${encodeURIComponent(captureId)}`;
    const { status, body } = await this.call('GET', path, `look-${captureId}-${Date.now()}`);
    if (status !== 200) throw new PaymentProviderError(`PayPal answered the capture ${status}`);
    const capture = body as PayPalCapture;
    const refunded = capture.status === 'REFUNDED' || capture.status === 'REVERSED';
    return {
      captureId,
      refunded,
      amountCents: refunded && capture.amount?.value ? centsOf(capture.amount.value) : 0,
      currency: capture.amount?.currency_code ?? '',
      refundId,
    };
  }

  async refund(capture: CapturedPayment, requestId: string): Promise<RefundResult> {
    const path = `/v2/payments/captures/${encodeURIComponent(capture.captureId)}/refund`;
    const { status, body } = await this.call('POST', path, requestId, {
      amount: { currency_code: capture.currency, value: decimalOf(capture.amountCents) },
    });
    const issue = body.details?.[0]?.issue;
    // Refunded already (from PayPal's own dashboard: a repeated request id answers the first refund).
    if (status === 422 && issue === 'CAPTURE_FULLY_REFUNDED') return { refundId: null };
    if (status !== 200 && status !== 201) {
      throw new PaymentProviderError(`PayPal refused the refund (${status} ${issue ?? body.name ?? ''})`);
    }
    // PENDING is a refund PayPal has taken and completes by itself (an eCheck's money still on its way).
    if (!body.id || (body.status !== 'COMPLETED' && body.status !== 'PENDING')) {
      throw new PaymentProviderError(`PayPal answered the refund ${body.status ?? 'without a status'}`);
    }
    return { refundId: body.id };
  }
}

/**
 * The capture errors (422 issues) in which PayPal refuses the buyer's card or funding source, and its
 * advice for each is to let the buyer choose another one ("Handle funding failures", Orders v2).
 */
const FUNDING_DECLINED_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
  'CARD_EXPIRED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
]);

/**
 * The first capture of an order's answer: COMPLETED, PENDING (PayPal holds the money for review: an
 * eCheck, a risk check), or anything else (DECLINED, FAILED, none at all) as declined.
 */
function captureOf(body: PayPalOrderBody): CaptureResult {
  const capture = body.purchase_units?.[0]?.payments?.captures?.[0];
  const status = capture?.status;
  if ((status !== 'COMPLETED' && status !== 'PENDING') || !capture?.id || !capture.amount?.value) {
    // A capture PayPal answers DECLINED is the funding source's refusal; FAILED and none are not.
    return {
      status: 'DECLINED',
      reason: status ?? body.status ?? 'no completed capture',
      cardDeclined: status === 'DECLINED',
    };
  }
  return {
    status,
    captureId: capture.id,
    amountCents: centsOf(capture.amount.value),
    currency: capture.amount.currency_code ?? '',
    feeCents: feeCentsOf(capture),
  };
}

/**
 * PayPal's fee on a capture, from its seller receivable breakdown; null when it reports none (a PENDING
 * capture has no breakdown yet) or reports it in another currency than the capture's.
 */
function feeCentsOf(capture: PayPalCapture): number | null {
  const fee = capture.seller_receivable_breakdown?.paypal_fee;
  if (!fee?.value || fee.currency_code !== capture.amount?.currency_code) return null;
  const cents = centsOf(fee.value);
  return Number.isSafeInteger(cents) ? cents : null;
}
