import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * What the operator commands (npm run payouts, refund-plan, plan-features, testimonials) share: a
 * mistake said without a stack trace, with the command's usage, and their options read the same way.
 */

/** A command's `fail`: throws `Kind` with the message, followed by the command's usage unless `usage` is false. */
export const failWith =
  (Kind: new (message: string) => Error, usageText: string) =>
  (message: string, usage = true): never => {
    throw new Kind(usage ? `${message}\n\nUsage:\n${usageText}` : message);
  };

/**
 * The command's options and positionals, strictly; a mistake goes to `fail` in Node's own words, without
 * its advice on positional arguments, which these commands take anyway.
 */
export function parseCommandLine<const Options extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: Options,
  fail: (message: string) => never,
) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options });
  } catch (error) {
    return fail(`${(error as Error).message.split('. ')[0]?.replace(/\.$/, '')}.`);
  }
}

/** A row's id as the operator typed it: a whole number from 1 to 2,147,483,647 (an integer column's), else undefined. */
export const rowIdOf = (raw: string | undefined): number | undefined => {
  const id = Number(raw);
  return raw !== undefined && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
    ? id
    : undefined;
};
