import { z } from 'zod';
import { COUNTER_LONG, COUNTER_SHORT, PASSWORD_MAX, PASSWORD_MIN } from './constants';

/** Says 'is required' for a missing value and what was expected for a value of the wrong type. */
export const expected = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? 'is required' : `must be ${what}`,
});

/** An e-mail address, trimmed and lower-cased so one mailbox is one account. */
export const emailSchema = z
  .string(expected('text'))
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ error: 'must be a valid e-mail address' }))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string(expected('text'))
  .min(1, 'is required')
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

/** True when the text holds a control character other than tab and line breaks (NUL cannot be stored). */
export const hasControlCharacter = (value: string): boolean => {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
};

const CONTROL_CHARACTER = 'must not contain control characters';

/**
 * A required text. Names and titles are one line (they go into e-mail subjects and bodies, where a line
 * break would let a sender write their own paragraphs); `multiline` lets a description keep its lines.
 */
export const requiredText = (max = COUNTER_SHORT, options: { multiline?: boolean } = {}) =>
  z
    .string(expected('text'))
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER)
    .refine((value) => options.multiline || !/[\r\n]/.test(value), 'must be on one line');

export const optionalText = (max = COUNTER_LONG) =>
  z
    .string(expected('text'))
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER)
    .optional();

/** A positive integer id, given as a number or as the digits of one (query strings, multipart fields). */
export const idSchema = z
  .union(
    [z.number(), z.string().trim().regex(/^\d+$/, 'must be a positive integer')],
    expected('a positive integer'),
  )
  .transform((value) => Number(value))
  .pipe(
    z
      .number()
      .int('must be a positive integer')
      .positive('must be a positive integer')
      .max(2_147_483_647, 'is too large'),
  );

/** A whole number from 0 up to PostgreSQL's integer maximum, as a number or its digits (an order number). */
export const wholeNumberSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, 'must be a whole number')], expected('a whole number'))
  .transform((value) => Number(value))
  .pipe(
    z
      .number()
      .int('must be a whole number')
      .min(0, 'must be a whole number')
      .max(2_147_483_647, 'is too large'),
  );

/** A calendar date, `2026-03-31`, that exists (no 31 April). */
export const calendarDateSchema = z
  .string(expected('a date like 2026-03-31'))
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-31')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a date like 2026-03-31');

/** A body's refinement: it gives `a` or `b` (or both); the issue, on `on`, asks for either. */
export const giveEither =
  (a: string, b: string, on: string) => (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (body[a] === undefined && body[b] === undefined) {
      ctx.addIssue({ code: 'custom', path: [on], message: `give ${a} or ${b}` });
    }
  };

/** Flags the client sends but the server decides (is_active, Verified, VerificationCode on sign-up). */
export const ignoredFlag = z.union([z.boolean(), z.string(), z.number(), z.null()]).optional();
