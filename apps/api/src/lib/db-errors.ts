import { DrizzleQueryError } from 'drizzle-orm';

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

/** A foreign key refused the change: a row it names is gone, or a row being deleted is still named. */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '23503' || state === '23001';
};

/**
 * The 409 message for a constraint a request ran into because another change came first (a category
 * deleted while a course takes it, two sign-ups with one e-mail): the services check these rules
 * beforehand, so reaching the constraint means a race, never a server fault. Undefined for any other error.
 */
export function constraintConflict(error: unknown, method: string): string | undefined {
  switch (sqlState(error)) {
    case '23505':
      return 'This conflicts with a record that already exists; it may have just been added. Please reload and try again.';
    case '23503':
    case '23001':
      return method === 'DELETE'
        ? 'This record is still used by another one, so it cannot be deleted. Please reload and try again.'
        : 'A record this change refers to no longer exists; it may have just been deleted. Please reload and try again.';
    case '23514':
      return 'This change no longer fits the stored data; it may have just been changed. Please reload and try again.';
    default:
      return undefined;
  }
}

/** Fields of a driver error worth logging; `detail`, `where` and the stack may quote stored values. */
const DRIVER_FIELDS = ['code', 'severity', 'message', 'table', 'column', 'constraint', 'routine'] as const;

/**
 * What may be logged of a failed query: Drizzle's message and `params` repeat the query's parameters,
 * which can hold password hashes or personal data, so only the SQL text and the driver's error are kept,
 * and any parameter the driver's message quotes (`invalid input syntax ...: "<value>"`) is masked.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const secrets = (error.params ?? [])
    .map((param) => (param instanceof Date ? param.toISOString() : param))
    .filter((param): param is string => typeof param === 'string' && param.length >= 4)
    .sort((a, b) => b.length - a.length);
  const mask = (text: string) =>
    secrets.reduce((masked, secret) => masked.split(secret).join('[redacted]'), text);
  const driver =
    error.cause && typeof error.cause === 'object' ? (error.cause as unknown as Record<string, unknown>) : {};
  const cause: Record<string, unknown> = {};
  for (const field of DRIVER_FIELDS) {
    const value = driver[field];
    if (value !== undefined) cause[field] = typeof value === 'string' ? mask(value) : value;
  }
  return { type: 'DrizzleQueryError', query: error.query, cause };
}
