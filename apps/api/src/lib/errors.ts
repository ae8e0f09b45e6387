import { ERROR_STATUS, type ErrorCode } from '@skillwise/contracts';

export type FieldProblem = { field: string; message: string };

/** An expected failure: its code decides the status through the one table in contracts. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldProblem[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A 400 naming the one field at fault, as a failed schema would (lib/validate.ts). */
export const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION', `${field}: ${message}`, [{ field, message }]);

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', message);
