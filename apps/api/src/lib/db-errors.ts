/**
 * The SQLSTATE of a database error, whether it comes straight from the driver or wrapped by Drizzle
 * (DrizzleQueryError keeps the driver's error as `cause`).
 */
export function sqlState(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint refused the row (two requests racing for the same e-mail, say). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** Text PostgreSQL cannot store: a NUL character. */
export const isUnstorableText = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '22021' || state === '22P05';
};

/**
 * What may be logged of a failed query: Drizzle's message repeats the query's parameters, which can
 * hold password hashes or personal data, so only the driver's own error and the SQL text are kept.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'DrizzleQueryError') return error;
  const { query, cause } = error as Error & { query?: string };
  return { type: 'DrizzleQueryError', query, cause };
}
