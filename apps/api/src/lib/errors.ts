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

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('FORBIDDEN', message);
