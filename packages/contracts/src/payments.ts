import { z } from 'zod';
import { calendarDateSchema, emailSchema, expected, idSchema } from './common';
import { PLAN_CATEGORIES } from './constants';
import { couponCodeSchema } from './coupons';

/** A price as the client shows it (dollars); the server compares it with its own and refuses a mismatch. */
const clientPrice = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d{1,6})?$/, 'must be a price like 19.99'),
    ],
    expected('a price like 19.99'),
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .nonnegative('must not be negative')
      .max(100_000_000, 'must be a price like 19.99')
      .refine(Number.isFinite, 'must be a price like 19.99'),
  );

/** A provider's order id as the client got it from CreateOrder. */
const orderIdSchema = z
  .string(expected('text'))
  .trim()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an order id from CreateOrder');

/** The payment providers the server can be configured with (GET payments/config lists those that are). */
export const PAYMENT_PROVIDERS = ['sandbox', 'paypal', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Where a buyer's refund request stands (docs/decisions/029). */
export const REFUND_REQUEST_STATES = ['pending', 'approved', 'declined'] as const;

/** Which configured provider takes the order; the default one (payments/config's `provider`) when absent. */
const providerChoice = z
  .enum(PAYMENT_PROVIDERS, expected(`one of ${PAYMENT_PROVIDERS.join(', ')}`))
  .optional();

/**
 * A path of this app the provider's hosted page sends the buyer back to (with `?orderId=`): only a path
 * (`/students/checkout`), never another site (`//host`, `https://...`, `\\`) nor the API.
 */
export const isAppPath = (value: string): boolean => {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  if (/[\s#]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    return false;
  }
  const path = value.split('?')[0] ?? '';
  return !path.split('/').includes('..') && path !== '/api' && !path.startsWith('/api/');
};
const returnPathSchema = z
  .string(expected('text'))
  .max(300, 'must be at most 300 characters')
  .refine(isAppPath, 'must be a path of this app, like /students/checkout')
  .optional();

/** POST courses/CreateOrder */
export const createCourseOrderBodySchema = z.object({
  price: clientPrice,
  email_address: z.unknown().optional(),
  user_id: idSchema,
  course_id: idSchema,
  provider: providerChoice,
  returnPath: returnPathSchema,
  /** A school's coupon code (docs/decisions/030): the order is made at the price it gives. */
  coupon_code: couponCodeSchema.optional(),
});

/** POST courses/CaptureOrder */
export const captureCourseOrderBodySchema = z.object({
  orderId: orderIdSchema,
  course_Id: idSchema,
  price: clientPrice.optional(),
  user_id: idSchema,
});

/** POST organization/CreateOrder: the plan is named by `subscriptionCategoryType`, or else by its price. */
export const createPlanOrderBodySchema = z.object({
  price: clientPrice,
  email_address: z.unknown().optional(),
  user_id: idSchema,
  subscriptionCategoryType: z
    .enum(PLAN_CATEGORIES, expected(`one of ${PLAN_CATEGORIES.join(', ')}`))
    .optional(),
  provider: providerChoice,
  returnPath: returnPathSchema,
});

/** POST organization/CaptureOrder */
export const capturePlanOrderBodySchema = z.object({
  orderId: orderIdSchema,
  subscriptionCategoryType: z.enum(PLAN_CATEGORIES, expected(`one of ${PLAN_CATEGORIES.join(', ')}`)),
  price: clientPrice.optional(),
  email: z.unknown().optional(),
});

/** CreateOrder answers the provider's order id; a free course is enrolled at once (`status` COMPLETED). */
export const orderResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['CREATED', 'COMPLETED']),
  amount: z.number(),
  currency: z.string(),
  provider: z.enum([...PAYMENT_PROVIDERS, 'free']),
  /** Where the buyer approves the order: our own sandbox page, or the provider's hosted page. */
  approveUrl: z.string().nullable(),
  /** With a coupon (docs/decisions/030): the list price, what it took off (dollars), and its code. */
  list_price: z.number().optional(),
  discount: z.number().optional(),
  coupon_code: z.string().nullable().optional(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/**
 * CaptureOrder answers COMPLETED (200), or PENDING (202) when the provider holds a captured payment for
 * review: the course or plan is granted once it completes.
 */
export const captureResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['COMPLETED', 'PENDING']),
  message: z.string(),
  course_Id: z.number().nullable(),
  subscriptionCategoryType: z.enum(PLAN_CATEGORIES).nullable(),
  subscriptionEndsAt: z.string().nullable(),
});
export type CaptureResponse = z.infer<typeof captureResponseSchema>;

/** GET payments/config: which provider the web app shows by default, and every configured one. */
export const paymentsConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  clientId: z.string().nullable(),
  currency: z.string(),
  providers: z.array(z.object({ name: z.enum(PAYMENT_PROVIDERS), clientId: z.string().nullable() })),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/**
 * Test cards of the built-in sandbox: `renewalDeclined` pays when approved and is declined on every
 * later charge of the saved card (a plan's renewal), as a card that expired or was blocked meanwhile.
 */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  renewalDeclined: '4000000000000341',
} as const;

/** A card's MM/YY expiry is past once its month is over (cards work through their last month). */
export const isExpired = (expiry: string, now = new Date()): boolean => {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
};

/** POST sandbox/orders/{id}/approve: the card form of the sandbox approval page. */
export const sandboxApproveBodySchema = z.object({
  cardNumber: z
    .string(expected('text'))
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be a card number')),
  expiry: z
    .string(expected('text'))
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, 'must be MM/YY')
    .refine((value) => !isExpired(value), 'the card has expired'),
  cvc: z
    .string(expected('text'))
    .trim()
    .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  name: z.string(expected('text')).trim().min(1, 'is required').max(100),
});

/**
 * One sale or purchase, as the Sales screen and the Purchases table show it. For the selling school the
 * row also breaks down what it earns (docs/decisions/024): `gross` (the sale price), less `discount`,
 * `platform_fee` (the operator's), `provider_fee` (the payment provider's; null when it reported none) and
 * `refunded`, is `net`, which `earnings` also carries. A buyer's own purchases carry none of these, and
 * `earnings` is the price paid.
 */
export const saleRowSchema = z.object({
  order_Id: z.number(),
  date: z.string(),
  sale_price: z.number(),
  earnings: z.number(),
  currency: z.string(),
  product: z.string(),
  course_Id: z.number().nullable(),
  buyer_email: z.string(),
  gross: z.number().optional(),
  discount: z.number().optional(),
  platform_fee: z.number().optional(),
  provider_fee: z.number().nullable().optional(),
  refunded: z.number().optional(),
  net: z.number().optional(),
  /** The buyer's latest refund request of this purchase, and the school's answer to it (docs/decisions/029). */
  refund_request: z.enum(REFUND_REQUEST_STATES).nullable().optional(),
  refund_answer: z.string().nullable().optional(),
  /** The coupon the buyer used (docs/decisions/030); `discount` is what it took off. */
  coupon_code: z.string().nullable().optional(),
});
export type SaleRow = z.infer<typeof saleRowSchema>;

/**
 * orders/GetSalesByOrgId sends, beside `X-Total-Count`, the sums over every sale matching the search (not
 * only the page's), in dollars with two decimals like `1234.50` (README "Additions"): the sale price and
 * the earnings (the net) as always, and the parts of the net. `X-Total-Provider-Fee` sums the fees the
 * provider reported; `X-Provider-Fee-Unreported` counts the sales whose fee it did not report.
 */
export const TOTAL_SALE_PRICE_HEADER = 'x-total-sale-price';
export const TOTAL_EARNINGS_HEADER = 'x-total-earnings';
export const SALES_TOTAL_HEADERS = {
  gross: 'x-total-gross',
  discount: 'x-total-discount',
  platformFee: 'x-total-platform-fee',
  providerFee: 'x-total-provider-fee',
  refunded: 'x-total-refunded',
  net: 'x-total-net',
} as const;
export const PROVIDER_FEE_UNREPORTED_HEADER = 'x-provider-fee-unreported';

/** The buckets of orders/GetSalesSeries: UTC days, ISO weeks (from Monday) or calendar months. */
export const SALES_INTERVALS = ['day', 'week', 'month'] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];
/** The most buckets one GetSalesSeries answers: two years of days, five of weeks, ten of months. */
export const SALES_SERIES_MAX_BUCKETS = { day: 731, week: 261, month: 120 } as const;

/**
 * GET orders/GetSalesSeries: `interval` (day by default) and the UTC dates `from` and `to`, both included
 * (`to` today by default; `from` 29 days, 11 weeks or 11 months before `to`: 30 days, 12 weeks, 12 months).
 */
export const salesSeriesQuerySchema = z
  .object({
    interval: z.enum(SALES_INTERVALS, expected(`one of ${SALES_INTERVALS.join(', ')}`)).default('day'),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .superRefine((query, context) => {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
    }
  });
export type SalesSeriesQuery = z.output<typeof salesSeriesQuerySchema>;

/** One bucket: its first day (UTC) and the gross and net (dollars) of the sales captured in it. */
export const salesSeriesPointSchema = z.object({ start: z.string(), gross: z.number(), net: z.number() });
export const salesSeriesSchema = z.object({
  interval: z.enum(SALES_INTERVALS),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  points: z.array(salesSeriesPointSchema),
});
export type SalesSeries = z.infer<typeof salesSeriesSchema>;

/** PAYOUT_MODE: the operator collects the sales and pays schools out, or each school's own account does. */
export const PAYOUT_MODES = ['collected', 'connected'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

/** One payout the operator recorded (`npm run payouts -- record`). */
export const payoutRowSchema = z.object({
  payout_Id: z.number(),
  amount: z.number(),
  currency: z.string(),
  reference: z.string(),
  note: z.string().nullable(),
  recorded_date: z.string(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

/**
 * GET orders/GetPayouts: what the school is owed. `earned` is the net of all its course sales, `paid_out`
 * the payouts recorded, `balance` the difference; `payouts` newest first (paged with `page` and
 * `pageSize`, `payouts_count` all of them). With PAYOUT_MODE=connected the provider pays the school
 * directly: the figures are 0 and the list empty.
 */
export const payoutsSchema = z.object({
  mode: z.enum(PAYOUT_MODES),
  currency: z.string(),
  earned: z.number(),
  paid_out: z.number(),
  balance: z.number(),
  payouts: z.array(payoutRowSchema),
  payouts_count: z.number(),
});
export type Payouts = z.infer<typeof payoutsSchema>;

/** Where a school's Stripe account stands: `enabled` takes payments; `restricted` needs the school's action. */
export const PAYMENT_ACCOUNT_STATUSES = ['pending', 'enabled', 'restricted'] as const;

/**
 * organization/GetPayoutAccount (and what ConnectStripeAccount's siblings answer): the accounts the
 * school is paid into with PAYOUT_MODE=connected, whether it can sell paid courses now, and if not, what
 * to do (`reason`, in plain words).
 */
export const payoutAccountSchema = z.object({
  mode: z.enum(PAYOUT_MODES),
  stripe: z
    .object({
      accountId: z.string(),
      status: z.enum(PAYMENT_ACCOUNT_STATUSES),
      chargesEnabled: z.boolean(),
      payoutsEnabled: z.boolean(),
    })
    .nullable(),
  paypal: z.object({ payeeEmail: z.string() }).nullable(),
  canSellPaidCourses: z.boolean(),
  reason: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** POST organization/ConnectStripeAccount: where Stripe's onboarding sends the school back (default: Settings). */
export const connectStripeAccountBodySchema = z.object({ returnPath: returnPathSchema }).optional();

/** PUT organization/SetPayPalPayee: the PayPal account (its e-mail) the school is paid into. */
export const setPayPalPayeeBodySchema = z.object({ email: emailSchema });

/** The most characters of a refund's reason, a request's reason and the school's answer. */
export const REFUND_TEXT_MAX = 500;

/** A refund's amount in dollars: more than 0, whole cents. */
const refundAmount = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount like 19.99'),
    ],
    expected('an amount like 19.99'),
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .positive('must be more than 0')
      .max(100_000_000, 'must be an amount like 19.99')
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must be whole cents'),
  );

/**
 * POST orders/RefundOrder (docs/decisions/029): the school gives back a sale, whole (`amount` absent) or
 * a part of it; `remove_access` (by default, for a whole refund) takes the course from the buyer.
 * `request_id` names the request: sent again (a retry, a double click), it answers the same refund.
 */
export const refundOrderBodySchema = z.object({
  order_Id: idSchema,
  amount: refundAmount.optional(),
  reason: z
    .string(expected('text'))
    .trim()
    .min(1, 'is required')
    .max(REFUND_TEXT_MAX, `must be at most ${REFUND_TEXT_MAX} characters`),
  remove_access: z.boolean(expected('true or false')).optional(),
  request_id: z
    .string(expected('text'))
    .trim()
    .min(8, 'must be at least 8 characters')
    .max(100, 'must be at most 100 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _')
    .optional(),
});
export type RefundOrderBody = z.input<typeof refundOrderBodySchema>;

/** What RefundOrder answers: the refund, and what the sale has given back in all. */
export const refundOrderResponseSchema = z.object({
  refund_Id: z.number(),
  order_Id: z.number(),
  /** This refund, in dollars. */
  amount: z.number(),
  currency: z.string(),
  /** `completed` once the provider took it; `pending` while it waits for the provider (retried every minute). */
  status: z.enum(['pending', 'completed']),
  removed_access: z.boolean(),
  /** The sale's refunds in all, and what is left to refund, in dollars. */
  refunded_total: z.number(),
  refundable: z.number(),
});
export type RefundOrderResponse = z.infer<typeof refundOrderResponseSchema>;

/** GET/POST organization/…RefundPolicy: the school's money-back guarantee (docs/decisions/029). */
export const refundPolicySchema = z.object({
  /** Days after a purchase its buyer may take the money back alone; 0 turns the guarantee off. */
  refund_window_days: z
    .number(expected('a whole number of days from 0 to 365'))
    .int('must be a whole number of days from 0 to 365')
    .min(0, 'must be a whole number of days from 0 to 365')
    .max(365, 'must be a whole number of days from 0 to 365'),
  /** The most of the course (its lessons, in percent) a buyer may have completed and still be refunded alone; null: no limit. */
  refund_max_progress_percent: z
    .number(expected('a whole percent from 0 to 100, or null'))
    .int('must be a whole percent from 0 to 100')
    .min(0, 'must be a whole percent from 0 to 100')
    .max(100, 'must be a whole percent from 0 to 100')
    .nullable(),
});
export type RefundPolicy = z.infer<typeof refundPolicySchema>;

/** POST orders/RequestRefund: the buyer asks for their money back, with why. */
export const requestRefundBodySchema = z.object({
  order_Id: idSchema,
  reason: z
    .string(expected('text'))
    .trim()
    .min(1, 'is required')
    .max(REFUND_TEXT_MAX, `must be at most ${REFUND_TEXT_MAX} characters`),
});

/** A buyer's refund request the school answers (outside its guarantee). */
export const refundRequestSchema = z.object({
  request_Id: z.number(),
  order_Id: z.number(),
  product: z.string(),
  buyer_email: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  /** Why the guarantee did not refund it at once, as the buyer was told. */
  outside_because: z.string(),
  status: z.enum(REFUND_REQUEST_STATES),
  answer: z.string().nullable(),
  created_date: z.string(),
  answered_date: z.string().nullable(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/**
 * What RequestRefund answers: `refunded` (inside the school's guarantee: the money goes back at once and
 * the course is taken away) with the refund, or `requested` (outside it: the school answers) with the
 * request; `message` says which to the buyer.
 */
export const requestRefundResponseSchema = z.object({
  outcome: z.enum(['refunded', 'requested']),
  message: z.string(),
  refund: refundOrderResponseSchema.nullable(),
  request: refundRequestSchema.nullable(),
});
export type RequestRefundResponse = z.infer<typeof requestRefundResponseSchema>;

/** POST orders/AnswerRefundRequest: the school approves (a refund in full, the course taken away) or declines. */
export const answerRefundRequestBodySchema = z.object({
  request_Id: idSchema,
  approve: z.boolean(expected('true or false')),
  message: z
    .string(expected('text'))
    .trim()
    .max(REFUND_TEXT_MAX, `must be at most ${REFUND_TEXT_MAX} characters`)
    .optional(),
});
