import type { z } from 'zod';
import { AppError, type FieldProblem } from './errors';

/**
 * Parses request input with a contract schema; a failure is a 400 naming each field at fault.
 * `where` names the part of the request (body, query, params) for input that is not an object.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: string,
  nameOf: (field: string) => string = (field) => field,
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? nameOf(issue.path.map(String).join('.')) : where;
    const message =
      issue.path.length === 0 && issue.code === 'invalid_type' ? 'must be a JSON object' : issue.message;
    // One line per field: a value that fails two checks (an array of passwords, say) is named once.
    if (!details.some((detail) => detail.field === field)) details.push({ field, message });
  }
  const first = details[0] ?? { field: where, message: 'is invalid' };
  return throwValidation(`${first.field}: ${first.message}`, details);
}

function throwValidation(message: string, details: FieldProblem[]): never {
  throw new AppError('VALIDATION', message, details);
}
