import { z } from 'zod';
import { expected, idSchema } from './common';
import { PLAN_CATEGORIES } from './constants';

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

/** POST courses/CreateOrder */
export const createCourseOrderBodySchema = z.object({
  price: clientPrice,
  email_address: z.unknown().optional(),
  user_id: idSchema,
  course_id: idSchema,
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
  provider: z.enum(['sandbox', 'paypal', 'free']),
  /** Where the buyer approves a sandbox order (our own page). */
  approveUrl: z.string().nullable(),
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

/** GET payments/config: which provider the web app shows. */
export const paymentsConfigSchema = z.object({
  provider: z.enum(['sandbox', 'paypal']),
  clientId: z.string().nullable(),
  currency: z.string(),
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

/** One sale or purchase, as the Sales screen and the Purchases table show it. */
export const saleRowSchema = z.object({
  order_Id: z.number(),
  date: z.string(),
  sale_price: z.number(),
  earnings: z.number(),
  currency: z.string(),
  product: z.string(),
  course_Id: z.number().nullable(),
  buyer_email: z.string(),
});
export type SaleRow = z.infer<typeof saleRowSchema>;

/**
 * orders/GetSalesByOrgId sends, beside `X-Total-Count`, the sums over every sale matching the search (not
 * only the page's), in dollars with two decimals like `1234.50` (README "Additions").
 */
export const TOTAL_SALE_PRICE_HEADER = 'x-total-sale-price';
export const TOTAL_EARNINGS_HEADER = 'x-total-earnings';
