import type { Db } from '../../db/client';
import { emitWebhookEvent } from '../../db/queries/integrations';
import { inEveryLocale, type Localized } from '../../lib/i18n';
import {
  type Composed,
  disputeMessage,
  type PurchaseRefund,
  type RefundAnswerEvent,
  type RefundRequestEvent,
  refundAnswerMessage,
  refundReceipt,
  refundRequestMessage,
  type SaleDispute,
  type SaleRefund,
  saleRefundedMessage,
} from './money-messages';
import {
  findCourseAndPerson,
  findCourseWithOrg,
  findRecipient,
  type MailContext,
  type Message,
  recordNotifications,
  toPublishersOf,
  toUser,
} from './notifications.repository';

/** A message and its e-mail's text in each language, as recordNotifications takes them. */
export const splitComposed = (
  composed: Localized<Composed>,
): { message: Localized<Message>; text: Localized<string> } => ({
  message: { en: composed.en.message, es: composed.es.message, ar: composed.ar.message },
  text: { en: composed.en.text, es: composed.es.text, ar: composed.ar.text },
});

/**
 * The events of money given back (docs/decisions/029): the buyer's refund receipts, the school's notices
 * of its sales refunded and disputed, a buyer's refund request and the school's answer. Recorded as every
 * notification is (notifications.service.ts), in the caller's transaction.
 */
export class RefundNotices {
  constructor(private readonly deps: { db: Db; mail: MailContext }) {}

  /**
   * A payment was given back (payments: a capture that could not be used, a school's refund, the
   * provider's dashboard): the buyer's notification and refund receipt, always e-mailed, once per order,
   * or once per refund for a school's refunds (`refundId`: a sale refunded in parts).
   */
  async purchaseRefunded(refund: PurchaseRefund, db: Db = this.deps.db) {
    const buyer = await findRecipient(db, refund.userId);
    const course = refund.courseId === null ? undefined : await findCourseWithOrg(db, refund.courseId);
    if (!buyer) return { notified: 0, mailed: 0 };
    const receipt = splitComposed(inEveryLocale((l) => refundReceipt(l, course, refund)));
    return recordNotifications(
      db,
      'refunded',
      toUser(buyer.id, receipt.message, course?.orgId ?? null),
      { send: 'always', text: receipt.text, orgId: course?.orgId ?? null },
      this.deps.mail,
    );
  }

  /**
   * One of a school's course sales was given back, whatever made it (the school, the guarantee, an
   * approved request, the provider's dashboard): its publishers are told with the course, the buyer, the
   * amount and whether the course was taken away, as they are told of a sale, once per refund.
   */
  async saleRefunded(refund: SaleRefund, db: Db = this.deps.db) {
    const found = await findCourseAndPerson(db, refund.courseId, refund.userId);
    if (!found) return { notified: 0, mailed: 0 };
    const { course, person: buyer } = found;
    await emitWebhookEvent(db, course.orgId, 'sale.refunded', String(refund.refundId), {
      refund_id: refund.refundId,
      order_id: refund.orderId,
      course_id: course.id,
      course_title: course.title,
      student: { id: buyer.id, email: buyer.email, full_name: buyer.fullName },
      amount_cents: refund.amountCents,
      currency: refund.currency,
      cause: refund.cause,
      removed_access: refund.removedAccess,
    });
    return recordNotifications(
      db,
      'refunded',
      toPublishersOf(
        course.orgId,
        inEveryLocale((l) => saleRefundedMessage(l, course, buyer, refund)),
      ),
      { send: 'if-enabled', manySubject: 'notify.many.refunds', orgId: course.orgId },
      this.deps.mail,
    );
  }

  /**
   * A payment for one of a school's courses is disputed at its provider: its publishers are told to
   * answer it in the provider's dashboard, once per dispute event.
   */
  async saleDisputed(dispute: SaleDispute, db: Db = this.deps.db) {
    const found = await findCourseAndPerson(db, dispute.courseId, dispute.userId);
    if (!found) return { notified: 0, mailed: 0 };
    const { course, person: buyer } = found;
    return recordNotifications(
      db,
      'refunded',
      toPublishersOf(
        course.orgId,
        inEveryLocale((l) => disputeMessage(l, course, buyer, dispute)),
      ),
      { send: 'always', orgId: course.orgId },
      this.deps.mail,
    );
  }

  /**
   * A buyer asked for a refund outside the school's guarantee: the school's publishers are told and
   * e-mailed (it waits for their answer), once per request.
   */
  async refundRequested(request: RefundRequestEvent, db: Db = this.deps.db) {
    const found = await findCourseAndPerson(db, request.courseId, request.userId);
    if (!found) return { notified: 0, mailed: 0 };
    const { course, person: buyer } = found;
    const notice = splitComposed(
      inEveryLocale((l) => refundRequestMessage(l, course, buyer, request, this.deps.mail.publicUrl)),
    );
    return recordNotifications(
      db,
      'refunded',
      toPublishersOf(course.orgId, notice.message),
      { send: 'always', text: notice.text, orgId: course.orgId },
      this.deps.mail,
    );
  }

  /**
   * The school answered a buyer's refund request: the buyer is told and e-mailed (approved: refunded, the
   * course taken away; declined: the school's message), once per request.
   */
  async refundAnswered(answer: RefundAnswerEvent, db: Db = this.deps.db) {
    const found = await findCourseAndPerson(db, answer.courseId, answer.userId);
    if (!found) return { notified: 0, mailed: 0 };
    const { course, person: buyer } = found;
    const notice = splitComposed(
      inEveryLocale((l) => refundAnswerMessage(l, course, answer, this.deps.mail.publicUrl)),
    );
    return recordNotifications(
      db,
      'refunded',
      toUser(buyer.id, notice.message, course.orgId),
      { send: 'always', text: notice.text, orgId: course.orgId },
      this.deps.mail,
    );
  }
}
