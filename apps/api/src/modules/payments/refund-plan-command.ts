import { formatCents, REFUND_TEXT_MAX } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findOrganisation } from '../../db/queries/organisations';
import { users } from '../../db/schema';
import { failWith, parseCommandLine } from '../../lib/command-line';
import { AppError } from '../../lib/errors';
import type { BillingService } from '../billing/billing.service';
import type { OrderRefunds } from './order-refunds';
import { findOrderById, findRefundByRequestKey } from './payments.repository';
import type { PaymentService } from './payments.service';

/** What `npm run refund-plan -- help` prints, and what a wrong command is answered with. */
export const REFUND_PLAN_USAGE = [
  'npm run refund-plan -- --order ID --reason TEXT',
  '    refunds a plan order in full through the provider that took it (once), and ends the school’s',
  '    paid period now: its plan ends, and a Stripe or PayPal subscription renewing it is ended',
].join('\n');

/** A mistake in the command line, or an order that cannot be refunded, said to the operator. */
export class RefundPlanCommandError extends Error {}

const fail = failWith(RefundPlanCommandError, REFUND_PLAN_USAGE);

const PROVIDER_NAMES: Record<string, string> = { sandbox: 'the sandbox', paypal: 'PayPal', stripe: 'Stripe' };
const providerName = (name: string) => PROVIDER_NAMES[name] ?? name;
const money = (cents: number, currency: string) => `${formatCents(cents, currency)} ${currency}`;

const parse = (args: string[]) =>
  parseCommandLine(args, { order: { type: 'string' }, reason: { type: 'string' } }, fail);

export type RefundPlanDeps = {
  db: Db;
  payments: Pick<PaymentService, 'refunds'>;
  billing: Pick<BillingService, 'changes'>;
};

/**
 * The operator's refund of a plan (README "Refunding a plan", docs/decisions/029): the order is given
 * back in full through the provider that took it, through the refunds of course sales (once, keyed
 * `plan-refund-<order>`; waiting while the provider is down and sent again by the server every minute;
 * the refund receipt e-mailed to the publisher who paid once the provider took it), and the school's
 * paid period ends now (PlanChangeService.endRefundedPlan, billing/plan-changes.service.ts). A course sale, an order refunded already and a
 * mistake in the command line are refused (RefundPlanCommandError) and change nothing. Answers the lines
 * to print.
 */
export async function runRefundPlanCommand(
  deps: RefundPlanDeps,
  args: string[],
  now = new Date(),
): Promise<string[]> {
  const { db, payments, billing } = deps;
  const { values, positionals } = parse(args);
  if (positionals[0] === 'help' && positionals.length === 1) return REFUND_PLAN_USAGE.split('\n');
  if (positionals.length > 0) fail(`Unexpected "${positionals[0]}".`);
  const given = values.order ?? fail('--order is required: the id of the plan order.');
  const id = /^\d{1,10}$/.test(given) ? Number(given) : Number.NaN;
  if (!(id > 0 && id <= 2_147_483_647)) fail(`--order must be an order's id, a whole number (got ${given}).`);
  const reason = (values.reason ?? fail('--reason is required: why the plan is refunded.')).trim();
  if (reason === '' || reason.length > REFUND_TEXT_MAX) {
    fail(`--reason must be 1 to ${REFUND_TEXT_MAX} characters.`);
  }

  const order = await findOrderById(db, id);
  if (!order) return fail(`There is no order ${id}.`, false);
  if (order.kind !== 'plan') {
    return fail(
      `Order ${id} is a course sale, not a plan order: the school that sold it refunds it on its Sales screen.`,
      false,
    );
  }
  const key = `plan-refund-${order.id}`;
  const earlier = await findRefundByRequestKey(db, key);
  if (earlier) {
    // Refunded by this command before: the rest of its work is finished if it was cut short.
    await billing.changes.endRefundedPlan(order, now);
    return fail(
      earlier.status === 'completed'
        ? `Order ${id} was refunded already (refund #${earlier.id}, ${money(earlier.amountCents, earlier.currency)}): nothing more is refunded.`
        : `Order ${id} was refunded already (refund #${earlier.id}, ${money(earlier.amountCents, earlier.currency)}), which waits for ${providerName(earlier.provider)}: the server sends it again every minute.`,
      false,
    );
  }
  const paid = order.amountCents - order.discountCents;
  if (paid > 0 && order.refundedCents >= paid) {
    return fail(
      `Order ${id} is refunded already (${money(order.refundedCents, order.currency)} given back): nothing was done.`,
      false,
    );
  }

  let refund: Awaited<ReturnType<OrderRefunds['refundOrder']>>;
  try {
    refund = await payments.refunds.refundOrder(order, {
      reason: 'school_refund',
      note: `Plan refunded by the operator: ${reason}`,
      requestedBy: null,
      removeAccess: false,
      key,
    });
  } catch (error) {
    if (error instanceof AppError) return fail(`Order ${id}: ${error.message}`, false);
    throw error;
  }
  const ended = await billing.changes.endRefundedPlan(order, now);

  const school = (await findOrganisation(db, order.orgId))?.name ?? `school ${order.orgId}`;
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  const amount = money(Math.round(refund.amount * 100), refund.currency);
  const provider = providerName(order.provider);
  const lines =
    refund.status === 'completed'
      ? [
          `Refunded plan order ${id}: ${amount} to ${school} through ${provider} (refund #${refund.refund_Id}).`,
          `The refund receipt is e-mailed to ${buyer?.email ?? 'the publisher who paid'}.`,
        ]
      : [
          `Plan order ${id}: the refund of ${amount} to ${school} is recorded and waits for ${provider}, which did not answer (refund #${refund.refund_Id}).`,
          'The server sends it again every minute while it runs; the refund receipt is e-mailed once it is taken.',
        ];
  if (!ended.periodEnded) {
    lines.push('The period it paid for had ended already: the school’s plan is unchanged.');
  } else if (ended.planEnded) {
    lines.push('The school’s plan ended now: nothing renews it, and its publishers are told.');
  } else {
    lines.push('The period it paid for ended now; the school keeps what it paid for otherwise.');
  }
  if (ended.subscription) {
    const at = providerName(ended.subscription.provider);
    lines.push(
      ended.subscription.ended
        ? `Its ${at} subscription is ended: it renews nothing.`
        : `Its ${at} subscription could not be ended now: the server ends it within a minute while it runs.`,
    );
  }
  return lines;
}
