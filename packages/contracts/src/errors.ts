import { z } from 'zod';

/** One table from error code to HTTP status, shared by the API and the web app. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  /** A wrong current password on a signed-in call: not a 401, which would end the session. */
  WRONG_PASSWORD: 400,
  NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  CODE_INVALID: 400,
  PRICE_MISMATCH: 409,
  PLAN_LIMIT: 409,
  /** A coupon code the order cannot take: unknown, paused, outside its dates, used up, not for the course. */
  COUPON_REFUSED: 409,
  /** A course with no published lesson yet: neither sold nor enrolled in until one is (decision 017). */
  COMING_SOON: 409,
  PAYMENT_DECLINED: 402,
  /** The buyer's card was declined by its issuer or the payment provider: another card may work. */
  CARD_DECLINED: 402,
  PAYMENT_PROVIDER: 502,
  PAYLOAD_TOO_LARGE: 413,
  /** A query string longer than any call takes (MAX_QUERY_LENGTH). */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  MAIL_FAILED: 502,
  /** Too many logins waiting for their password check: try again after Retry-After. */
  SERVER_BUSY: 503,
  /** A statement ran past DB_STATEMENT_TIMEOUT_MS: try again after Retry-After. */
  DATABASE_TIMEOUT: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The error body on the wire: Fastify's default shape plus a stable code and field details. */
export const errorBodySchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
