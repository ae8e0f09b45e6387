import { z } from 'zod';
import { calendarDateSchema, expected, idSchema } from './common';
import { COUPON_CODE_MAX, COUPON_CODE_PATTERN } from './coupon-codes';
import { pageQuerySchema } from './paging';

/**
 * Coupons (docs/decisions/030): a school's codes that take a percentage or an amount off its courses, all
 * of them or chosen ones, between two dates, a number of times in all and per student, unless paused.
 */
export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Where a coupon stands today, as its school's list says it. */
export const COUPON_STATES = ['active', 'paused', 'scheduled', 'expired', 'used_up'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** The most courses one coupon names; beyond that, a coupon for all the school's courses. */
export const COUPON_COURSES_MAX = 200;

/** Why a code is not taken, as the buyer reads it (409 COUPON_REFUSED, field `coupon_code`). */
export const COUPON_MSG = {
  unknown: 'This coupon code is not valid.',
  paused: 'This coupon is not active at the moment.',
  notYet: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been used up.',
  usedByYou: 'You have already used this coupon.',
  notForCourse: 'This coupon is not for this course.',
} as const;

export const couponCodeSchema = z
  .string(expected('a code of letters and digits'))
  .trim()
  .min(1, 'is required')
  .max(COUPON_CODE_MAX, `must be at most ${COUPON_CODE_MAX} characters`)
  .regex(COUPON_CODE_PATTERN, 'must be letters, digits, - or _')
  .transform((code) => code.toUpperCase());

const wholeNumber = (what: string, max: number) =>
  z
    .number(expected(`a whole number from 1 to ${max}${what}`))
    .int(`must be a whole number from 1 to ${max}`)
    .min(1, `must be a whole number from 1 to ${max}`)
    .max(max, `must be a whole number from 1 to ${max}`);

/**
 * POST organization/CreateCoupon (and UpdateCoupon with `coupon_Id`). `value` is a percent (1 to 100,
 * whole) for `percent`, dollars (whole cents) for `amount`. `course_ids` null: every course of the
 * school. Dates are UTC days, both included; null: from now, or for ever. `max_uses` null: no limit;
 * `max_uses_per_student` 1 by default, null: no limit.
 */
export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS, expected(`one of ${COUPON_KINDS.join(', ')}`)),
    value: z
      .number(expected('a number'))
      .positive('must be more than 0')
      .max(100_000_000, 'must be at most 100000000'),
    course_ids: z
      .array(idSchema, expected('a list of course ids, or null for all courses'))
      .min(1, 'must name at least one course, or be null for all courses')
      .max(COUPON_COURSES_MAX, `must name at most ${COUPON_COURSES_MAX} courses`)
      .nullable()
      .default(null),
    starts_on: calendarDateSchema.nullable().default(null),
    ends_on: calendarDateSchema.nullable().default(null),
    max_uses: wholeNumber(', or null for no limit', 1_000_000).nullable().default(null),
    max_uses_per_student: wholeNumber(', or null for no limit', 1000).nullable().default(1),
    active: z.boolean(expected('true or false')).default(true),
  })
  .superRefine((input, context) => {
    if (input.kind === 'percent' && (!Number.isInteger(input.value) || input.value > 100)) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'must be a whole percent from 1 to 100' });
    }
    if (input.kind === 'amount' && Math.abs(input.value * 100 - Math.round(input.value * 100)) > 1e-6) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'must be whole cents' });
    }
    if (input.starts_on !== null && input.ends_on !== null && input.starts_on > input.ends_on) {
      context.addIssue({ code: 'custom', path: ['ends_on'], message: 'must not be before starts_on' });
    }
  });
export type CouponInput = z.output<typeof couponInputSchema>;

/** POST organization/UpdateCoupon: the whole coupon again, by its id. */
export const updateCouponBodySchema = z.intersection(z.object({ coupon_Id: idSchema }), couponInputSchema);
export type UpdateCouponBody = z.output<typeof updateCouponBodySchema>;

/** POST organization/DeleteCoupon: only a coupon no order used (one that was is paused instead). */
export const deleteCouponBodySchema = z.object({ coupon_Id: idSchema });

/** A school's coupon with what it did: orders captured with it, what they paid and what it took off. */
export const couponSchema = z.object({
  coupon_Id: z.number(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  course_ids: z.array(z.number()).nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  max_uses: z.number().nullable(),
  max_uses_per_student: z.number().nullable(),
  active: z.boolean(),
  state: z.enum(COUPON_STATES),
  /** Orders that took a use: captured, being captured, or refunded since. */
  uses: z.number(),
  /** What the buyers paid with it (dollars), before refunds. */
  revenue: z.number(),
  /** What it took off (dollars). */
  discount_given: z.number(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** GET organization/GetCoupons: the school's coupons, newest first, searched on the code. */
export const couponsQuerySchema = pageQuerySchema;

/** GET courses/CheckCoupon: what a code makes of a course's price for the signed-in buyer. */
export const checkCouponQuerySchema = z.object({ course_id: idSchema, code: couponCodeSchema });

/** The price a code gives: the list price, what it takes off, what is charged (dollars). */
export const couponQuoteSchema = z.object({
  code: z.string(),
  course_Id: z.number(),
  list_price: z.number(),
  discount: z.number(),
  price: z.number(),
  currency: z.string(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;
