import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS } from '@skillwise/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCards, sandboxPayments, sandboxRefunds } from '../../db/schema';
import { AppError } from '../errors';
import {
  type CapturedPayment,
  type CaptureResult,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type RefundResult,
  type SavedCard,
} from './provider';

/** The sandbox moves no real money and takes no fee: its captures report a fee of 0. */
const SANDBOX_FEE_CENTS = 0;

/**
 * The built-in provider, the default when no real one is configured: orders live in our own table and
 * the buyer approves them on our own card page with test cards, so the whole flow works offline.
 * 4242 4242 4242 4242 is captured; 4000 0000 0000 0002 is declined at capture.
 */
/** A captured sandbox payment as a capture answers it. */
const completed = (payment: { amountCents: number; currency: string }, captureId: string): CaptureResult => ({
  status: 'COMPLETED',
  captureId,
  amountCents: payment.amountCents,
  currency: payment.currency,
  feeCents: SANDBOX_FEE_CENTS,
});

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly clientId = null;

  constructor(private readonly db: Db) {}

  /**
   * Records a sandbox payment once per request id (repeated, the first one stands) and answers its id:
   * an order to approve, or a charge of a saved card with its outcome in `settled`.
   */
  private async recordPayment(
    input: { requestId: string; amountCents: number; currency: string; description: string },
    settled: Partial<typeof sandboxPayments.$inferInsert> = {},
  ): Promise<string> {
    await this.db
      .insert(sandboxPayments)
      .values({
        id: `SBX-${randomBytes(9).toString('base64url').toUpperCase()}`,
        requestId: input.requestId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        ...settled,
      })
      .onConflictDoNothing({ target: sandboxPayments.requestId });
    const [payment] = await this.db
      .select({ id: sandboxPayments.id })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.requestId, input.requestId));
    if (!payment) throw new PaymentProviderError('sandbox: the payment was not recorded');
    return payment.id;
  }

  async createOrder(input: Parameters<PaymentProvider['createOrder']>[0]): Promise<ProviderOrder> {
    const orderId = await this.recordPayment(input);
    return { id: orderId, approveUrl: `/sandbox/checkout/${orderId}` };
  }

  async find(orderId: string) {
    const [payment] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, orderId));
    return payment;
  }

  /** The approval page's card form: a known test card approves (or marks for decline) the order. */
  async approve(orderId: string, cardNumber: string): Promise<{ status: 'approved' | 'declined' }> {
    const cards: string[] = Object.values(SANDBOX_CARDS);
    if (!cards.includes(cardNumber)) {
      throw new AppError(
        'VALIDATION',
        'cardNumber: use a sandbox test card: 4242 4242 4242 4242 (paid) or 4000 0000 0000 0002 (declined)',
        [{ field: 'cardNumber', message: 'is not a sandbox test card' }],
      );
    }
    const status = cardNumber === SANDBOX_CARDS.declined ? 'declined' : 'approved';
    // Kept as a real provider keeps a card: a token and the last four digits, never the number.
    const cardToken = `SBXCARD-${randomBytes(12).toString('base64url')}`;
    await this.db.insert(sandboxCards).values({
      token: cardToken,
      last4: cardNumber.slice(-4),
      declines: cardNumber !== SANDBOX_CARDS.success,
    });
    const rows = await this.db
      .update(sandboxPayments)
      .set({ status, cardLast4: cardNumber.slice(-4), cardToken, updatedAt: new Date() })
      .where(
        and(
          eq(sandboxPayments.id, orderId),
          inArray(sandboxPayments.status, ['created', 'approved', 'declined']),
        ),
      )
      .returning({ id: sandboxPayments.id });
    if (rows.length === 0) throw new AppError('CONFLICT', 'This payment is already complete.');
    return { status };
  }

  /** The sandbox captures at once: what it recorded is what a capture answers. */
  async checkCapture(orderId: string): Promise<CaptureResult> {
    const payment = await this.find(orderId);
    if (payment?.status === 'captured' && payment.captureId) return completed(payment, payment.captureId);
    return {
      status: 'DECLINED',
      reason: payment ? `payment ${payment.status}` : 'unknown order',
      cardDeclined: payment?.status === 'declined',
    };
  }

  /**
   * Refunds a capture, whole or a part: never more than is left of it, as a provider would; a repeated
   * request id answers the refund it made. A capture refunded in full is `refunded`.
   */
  async refund(capture: CapturedPayment, requestId: string): Promise<RefundResult> {
    return this.db.transaction(async (tx) => {
      const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.requestId, requestId));
      if (earlier) return { refundId: earlier.id };
      const [payment] = await tx
        .update(sandboxPayments)
        .set({
          refundedCents: sql`${sandboxPayments.refundedCents} + ${capture.amountCents}`,
          status: sql`case when ${sandboxPayments.refundedCents} + ${capture.amountCents} = ${sandboxPayments.amountCents} then 'refunded' else ${sandboxPayments.status} end`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(sandboxPayments.captureId, capture.captureId),
            inArray(sandboxPayments.status, ['captured', 'refunded']),
            eq(sandboxPayments.currency, capture.currency),
            sql`${sandboxPayments.refundedCents} + ${capture.amountCents} <= ${sandboxPayments.amountCents}`,
          ),
        )
        .returning();
      if (!payment || capture.amountCents <= 0) {
        throw new PaymentProviderError(`sandbox: no capture ${capture.captureId} of that amount to refund`);
      }
      const [made] = await tx
        .insert(sandboxRefunds)
        .values({
          requestId,
          id: `SBXREF-${randomBytes(8).toString('hex').toUpperCase()}`,
          captureId: capture.captureId,
          amountCents: capture.amountCents,
        })
        .returning();
      return { refundId: made?.id ?? null };
    });
  }

  /** The card the buyer approved the order with, once the sandbox has captured it. */
  async savedCardOf(orderId: string): Promise<SavedCard | null> {
    const [row] = await this.db
      .select({ token: sandboxCards.token, last4: sandboxCards.last4 })
      .from(sandboxPayments)
      .innerJoin(sandboxCards, eq(sandboxCards.token, sandboxPayments.cardToken))
      .where(and(eq(sandboxPayments.id, orderId), eq(sandboxPayments.status, 'captured')));
    return row ?? null;
  }

  /**
   * Charges a saved card at once, with no approval page: one payment per request id (repeated, it
   * answers what the first charge did), captured, or declined for a card that declines later charges.
   */
  async chargeSaved(
    input: Parameters<NonNullable<PaymentProvider['chargeSaved']>>[0],
  ): Promise<{ orderId: string; result: CaptureResult }> {
    const [card] = await this.db.select().from(sandboxCards).where(eq(sandboxCards.token, input.cardToken));
    if (!card) throw new PaymentProviderError('sandbox: unknown saved card');
    const orderId = await this.recordPayment(input, {
      status: card.declines ? 'declined' : 'captured',
      cardLast4: card.last4,
      cardToken: card.token,
      captureId: card.declines ? null : `SBXCAP-${randomBytes(9).toString('base64url').toUpperCase()}`,
    });
    return { orderId, result: await this.checkCapture(orderId) };
  }

  async captureOrder(orderId: string): Promise<CaptureResult> {
    const [payment] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, orderId));
    if (!payment) return { status: 'DECLINED', reason: 'unknown order', cardDeclined: false };
    if (payment.status === 'captured' && payment.captureId) return completed(payment, payment.captureId);
    // The test card 4000 0000 0000 0002 stands for a card its issuer refuses.
    if (payment.status === 'declined')
      return { status: 'DECLINED', reason: 'card declined', cardDeclined: true };
    if (payment.status !== 'approved') {
      return { status: 'DECLINED', reason: 'not approved by the buyer', cardDeclined: false };
    }
    const captureId = `SBXCAP-${randomBytes(9).toString('base64url').toUpperCase()}`;
    const [captured] = await this.db
      .update(sandboxPayments)
      .set({ status: 'captured', captureId, updatedAt: new Date() })
      .where(and(eq(sandboxPayments.id, orderId), eq(sandboxPayments.status, 'approved')))
      .returning();
    // A concurrent capture won: answer what it recorded.
    if (!captured) return this.captureOrder(orderId);
    return completed(captured, captureId);
  }
}
