import type { PayoutMode } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { failWith, parseCommandLine } from '../../lib/command-line';
import { centsOf } from '../../lib/payments/provider';
import { dollarsText, netOf } from './earnings';
import { PayoutRefused, PayoutService } from './payouts.service';

/** What `npm run payouts -- help` prints, and what a wrong command is answered with. */
export const PAYOUTS_USAGE = [
  'npm run payouts -- list                      what each school is owed',
  'npm run payouts -- record --org ID --amount 12.34 --reference TEXT [--note TEXT] [--force]',
  '    records a payout made to a school (once per reference); --force records more than it is owed',
].join('\n');

/** A mistake in the command line, or a payout refused, said to the operator (no stack trace). */
export class PayoutsCommandError extends Error {}

const fail = failWith(PayoutsCommandError, PAYOUTS_USAGE);

const MAX_CENTS = 2_147_483_647;

const parse = (args: string[]) =>
  parseCommandLine(
    args,
    {
      org: { type: 'string' },
      amount: { type: 'string' },
      reference: { type: 'string' },
      note: { type: 'string' },
      force: { type: 'boolean' },
    },
    fail,
  );

const column = (text: string, width: number) => text.padStart(width);

/**
 * The operator's command for payouts to schools (README "Payouts"): `list` the balances, `record` a
 * payout. Answers the lines to print; a mistake or a refused payout throws PayoutsCommandError and
 * records nothing.
 */
export async function runPayoutsCommand(db: Db, mode: PayoutMode, args: string[]): Promise<string[]> {
  const { values, positionals } = parse(args);
  const [command = 'list', ...rest] = positionals;
  if (rest.length > 0) fail(`Unexpected "${rest[0]}".`);
  const service = new PayoutService({ db, mode });
  if (command === 'help') return PAYOUTS_USAGE.split('\n');
  if (command === 'list') {
    if (Object.keys(values).length > 0) fail('"list" takes no options.');
    const ledgers = await service.ledgers();
    const lines = [
      ...(mode === 'connected'
        ? [
            'PAYOUT_MODE is connected: schools are paid by the provider; these are the sales collected before.',
          ]
        : []),
    ];
    if (ledgers.length === 0) return [...lines, 'No school has sold a course yet.'];
    return [
      ...lines,
      `${'id'.padStart(6)}  ${'earned (net)'.padStart(14)}  ${'paid out'.padStart(12)}  ${'balance'.padStart(12)}  school`,
      ...ledgers.map(
        (l) =>
          `${column(String(l.orgId), 6)}  ${column(dollarsText(netOf(l.sales)), 14)}  ${column(dollarsText(l.paidOutCents), 12)}  ${column(dollarsText(l.balanceCents), 12)}  ${l.name}`,
      ),
    ];
  }
  if (command !== 'record') return fail(`Unknown command "${command}".`);
  const org = values.org ?? fail('--org is required: the id of the school, as `list` shows it.');
  const orgId = /^\d{1,10}$/.test(org) ? Number(org) : Number.NaN;
  if (!(orgId > 0 && orgId <= 2_147_483_647))
    fail(`--org must be a school's id, a whole number (got ${org}).`);
  const amount = values.amount ?? fail('--amount is required: the dollars paid, like 12.34.');
  const cents = /^\d{1,8}(\.\d{1,2})?$/.test(amount.trim()) ? centsOf(amount) : Number.NaN;
  if (!(cents > 0 && cents <= MAX_CENTS)) {
    fail(`--amount must be dollars above 0 with at most two decimals, like 12.34 (got ${amount}).`);
  }
  const reference = (
    values.reference ?? fail('--reference is required: your reference of the transfer.')
  ).trim();
  if (reference === '' || reference.length > 200) fail('--reference must be 1 to 200 characters.');
  const note = values.note?.trim() || null;
  if (note !== null && note.length > 1000) fail('--note must be at most 1,000 characters.');
  try {
    const done = await service.record({
      orgId,
      amountCents: cents,
      reference,
      note,
      force: values.force ?? false,
    });
    const amountText = dollarsText(BigInt(done.payout.amountCents));
    return [
      done.recorded
        ? `Recorded payout #${done.payout.id}: ${amountText} to school ${orgId}, reference "${reference}".`
        : `Payout #${done.payout.id} of ${amountText} with reference "${reference}" was recorded before: nothing changed.`,
      `The school is now owed ${dollarsText(done.balanceCents)}.`,
    ];
  } catch (error) {
    if (error instanceof PayoutRefused) return fail(error.message, false);
    throw error;
  }
}
