import type { KeyObject } from 'node:crypto';
import {
  formatCents,
  INVALID_UNSUBSCRIBE_MESSAGE,
  type MarkReadResult,
  type Notification,
  type NotificationPreferences,
  type Paged,
  UNSUBSCRIBED_MESSAGE,
  type UnsubscribeResult,
} from '@skillwise/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emitWebhookEvent } from '../../db/queries/integrations';
import { findOrganisation } from '../../db/queries/organisations';
import { AppError, notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import { verifyUnsubscribeToken } from '../../lib/unsubscribe';
import type { Actor } from '../../plugins/auth';
import {
  countUnread,
  findCourseWithOrg,
  findEmailPreference,
  findRecipient,
  isFirstEnrolmentInOrg,
  listNotifications,
  type MailContext,
  markRead,
  type NotificationRow,
  orgOfLessons,
  recordNotifications,
  schoolsWithOpenedSections,
  setEmailPreference,
  takeSectionOpeningsTurn,
  toPublishersOf,
  toStudentsOfOpenedSections,
  toStudentsOfVisibleLessons,
  toUser,
  type VisibleLessons,
} from './notifications.repository';

export type NotificationDeps = {
  db: Db;
  /** The unsubscribe-link key (lib/keys.ts). */
  unsubscribeKey: KeyObject;
  /** The root secret, which signed the links of e-mails sent before keys were derived per purpose. */
  legacyUnsubscribeSecret?: string;
  /** PUBLIC_URL: e-mails link into the web app there. */
  publicUrl: string;
};

/** A course as its student opens it, followed by the course's id. */
const COURSE_LINK = '/students/takeCourse?id=';

/** Where notifications lead in the web app. */
export const LINKS = {
  course: (courseId: number) => `${COURSE_LINK}${courseId}`,
  /** A lesson of a course as its student opens it. */
  lesson: (courseId: number, lessonId: number) => `${COURSE_LINK}${courseId}&lesson=${lessonId}`,
  certificates: '/students/certificates',
  sales: '/admin?section=users',
  myCourses: '/students/myCourses',
  students: '/admin/myStudents',
  subscription: '/admin/subscription',
  billing: '/admin/billing',
  webhooks: '/admin/settings',
};

/** What the renewal engine tells a school's publishers about its plan (docs/decisions/025). */
export type PlanNotice =
  | {
      kind: 'renewal_reminder';
      renewsAt: Date;
      amountCents: number;
      currency: string;
      cardLast4: string | null;
    }
  | { kind: 'expiry_reminder'; endsAt: Date }
  | {
      kind: 'renewal_failed';
      amountCents: number;
      currency: string;
      cardLast4: string | null;
      graceEndsAt: Date;
    }
  | { kind: 'lapsed'; endedAt: Date };

const dayText = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** A paid plan period, recorded with its order's capture. */
export type PlanPurchase = {
  orderId: number;
  userId: number;
  plan: string;
  months: number;
  amountCents: number;
  currency: string;
  reference: string;
  capturedAt: Date;
  periodStart: Date;
  periodEnd: Date;
};

/** Money as receipts and notices show it: `$1,949.99 USD`. */
const moneyText = (cents: number, currency: string) => `${formatCents(cents, currency)} ${currency}`;

const dateText = (date: Date) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

const toNotification = (row: NotificationRow): Notification => ({
  notification_Id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read: row.readAt !== null,
  created_date: row.createdAt.toISOString(),
  read_date: row.readAt?.toISOString() ?? null,
});

/** A captured course order, as the payments module knows it. */
export type CoursePurchase = {
  orderId: number;
  userId: number;
  courseId: number;
  amountCents: number;
  currency: string;
  /** The payment provider's reference (the sandbox's SBX-..., PayPal's order id, FREE-... for a free course). */
  reference: string;
  capturedAt: Date;
  /** The coupon the buyer used: its code, the list price and what it took off (`amountCents` is what was paid). */
  coupon?: { code: string; listCents: number; discountCents: number } | undefined;
};

/** A payment given back because it could not be used, as the payments module knows it. */
export type PurchaseRefund = {
  orderId: number;
  /** The refund (order_refunds.id): a sale refunded in parts gets a receipt for each. */
  refundId: number;
  userId: number;
  /** What was bought: a course (its title is read here) or a plan (named). */
  courseId: number | null;
  plan: string | null;
  amountCents: number;
  currency: string;
  /** The provider's reference of the payment, and of the refund when it gave one. */
  reference: string;
  refundReference: string | null;
  /** Why the payment could not be used, as the buyer reads it. */
  reason: string;
  refundedAt: Date;
};

/** Who or what gave back a school's course sale (docs/decisions/029). */
export type SaleRefundCause = 'school' | 'guarantee' | 'request' | 'provider';

const SALE_REFUND_CAUSES: Record<SaleRefundCause, string> = {
  school: 'Your school refunded it.',
  guarantee: 'The buyer took up your money-back guarantee.',
  request: 'You approved the buyer’s refund request.',
  provider: 'It was refunded in the payment provider’s dashboard.',
};

/** A refund of a school's course sale once the provider took it, as the payments module knows it. */
export type SaleRefund = {
  refundId: number;
  orderId: number;
  userId: number;
  courseId: number;
  amountCents: number;
  currency: string;
  cause: SaleRefundCause;
  /** Whether the refund took the course away from the buyer. */
  removedAccess: boolean;
};

/** A buyer's refund request put to the school (outside its guarantee). */
export type RefundRequestEvent = {
  requestId: number;
  orderId: number;
  userId: number;
  courseId: number;
  amountCents: number;
  currency: string;
  reason: string;
  outsideBecause: string;
};

/** The school's answer to a refund request. */
export type RefundAnswerEvent = {
  requestId: number;
  orderId: number;
  userId: number;
  courseId: number;
  approved: boolean;
  /** The school's message to the buyer (declined, or approved with a word), if any. */
  message: string | null;
  /** What the approval gave back. */
  amountCents: number;
  currency: string;
};

/**
 * My Notification and its e-mails. Each event is recorded for one or many users in one statement, with
 * its e-mails queued in the same statement (lib/mail-queue.ts sends them), inside the caller's
 * transaction (`db`), so an event whose change rolls back tells nobody.
 */
export class NotificationService {
  private readonly mail: MailContext;

  constructor(private readonly deps: NotificationDeps) {
    this.mail = { publicUrl: deps.publicUrl };
  }

  /**
   * A school enrolled the student in a course (studentCourse/AssignCoursetoStudent, or registerStudent
   * with a course, whose welcome message says so already: `mail: false`).
   */
  async enrolled(
    event: { userId: number; courseId: number },
    db: Db = this.deps.db,
    options: { mail?: boolean } = {},
  ) {
    const course = await findCourseWithOrg(db, event.courseId);
    if (!course) return { notified: 0, mailed: 0 };
    await emitWebhookEvent(db, course.orgId, 'enrolment.created', `${event.userId}:${course.id}`, {
      student_id: event.userId,
      course_id: course.id,
      course_title: course.title,
      by: 'school',
    });
    return recordNotifications(
      db,
      'enrolled',
      toUser(event.userId, {
        title: `You were enrolled in "${course.title}"`,
        body: `${course.orgName} enrolled you in this course. It is in My Courses.`,
        link: LINKS.course(course.id),
        dedupeKey: null,
      }),
      { send: options.mail === false ? 'never' : 'if-enabled', orgId: course.orgId },
      this.mail,
    );
  }

  /**
   * A course purchase was captured (or a free course taken through checkout): the buyer's notification
   * and receipt (always e-mailed), a sale for the organisation's publishers (when money moved), and a
   * new student for them when this was the buyer's first course of theirs. Once per order: the dedupe
   * keys hold even if the caller ran twice.
   */
  async coursePurchased(purchase: CoursePurchase, db: Db = this.deps.db): Promise<void> {
    const course = await findCourseWithOrg(db, purchase.courseId);
    const buyer = await findRecipient(db, purchase.userId);
    if (!course || !buyer) return;
    const amount = purchase.amountCents === 0 ? 'Free' : moneyText(purchase.amountCents, purchase.currency);
    const when = dateText(purchase.capturedAt);
    const { coupon } = purchase;
    const receipt = [
      'Thank you for your purchase. This is your receipt.',
      '',
      `Course: ${course.title}`,
      ...(coupon
        ? [
            `List price: ${moneyText(coupon.listCents, purchase.currency)}`,
            `Coupon ${coupon.code}: -${moneyText(coupon.discountCents, purchase.currency)}`,
          ]
        : []),
      `Amount: ${purchase.amountCents === 0 ? `Free (${moneyText(0, purchase.currency)})` : amount}`,
      `Order number: ${purchase.orderId}`,
      `Payment reference: ${purchase.reference}`,
      `Date: ${when}`,
      `Sold by: ${course.orgName}`,
      '',
      `Start studying: ${this.deps.publicUrl}${LINKS.course(course.id)}`,
    ].join('\n');
    await recordNotifications(
      db,
      'purchased',
      toUser(buyer.id, {
        title: `Receipt for "${course.title}"`,
        // What the buyer paid and to whom (the school that sells the course).
        body: `${purchase.amountCents === 0 ? `Free from ${course.orgName}` : `${amount} paid to ${course.orgName}`}, order ${purchase.orderId}, ${when}.`,
        link: LINKS.course(course.id),
        dedupeKey: `purchased:${purchase.orderId}`,
      }),
      { send: 'always', text: receipt, orgId: course.orgId },
      this.mail,
    );
    const buyerData = { id: buyer.id, email: buyer.email, full_name: buyer.fullName };
    await emitWebhookEvent(db, course.orgId, 'enrolment.created', `${buyer.id}:${course.id}`, {
      student_id: buyer.id,
      course_id: course.id,
      course_title: course.title,
      by: 'purchase',
      order_id: purchase.orderId,
    });
    if (purchase.amountCents > 0) {
      await emitWebhookEvent(db, course.orgId, 'sale.created', String(purchase.orderId), {
        order_id: purchase.orderId,
        course_id: course.id,
        course_title: course.title,
        student: buyerData,
        amount_cents: purchase.amountCents,
        currency: purchase.currency,
        coupon_code: coupon?.code ?? null,
        captured_at: purchase.capturedAt.toISOString(),
      });
    }
    // The new student first: the sale, newest, heads the publisher's list.
    if (await isFirstEnrolmentInOrg(db, course.orgId, buyer.id)) {
      await this.studentJoined({ orgId: course.orgId, userId: buyer.id, courseTitle: course.title }, db);
    }
    if (purchase.amountCents > 0) {
      await recordNotifications(
        db,
        'sale',
        toPublishersOf(course.orgId, {
          title: `New sale: "${course.title}"`,
          body: `${buyer.fullName} (${buyer.email}) bought it for ${amount}${coupon ? ` with coupon ${coupon.code}` : ''}. Order ${purchase.orderId}.`,
          link: LINKS.sales,
          dedupeKey: `sale:${purchase.orderId}`,
        }),
        { send: 'if-enabled', manySubject: 'new sales', orgId: course.orgId },
        this.mail,
      );
    }
  }

  /**
   * A plan period was paid for: the publisher who paid gets the notification and the receipt (always
   * e-mailed), once per order.
   */
  async planPurchased(purchase: PlanPurchase, db: Db = this.deps.db) {
    const buyer = await findRecipient(db, purchase.userId);
    if (!buyer) return { notified: 0, mailed: 0 };
    const amount = moneyText(purchase.amountCents, purchase.currency);
    const period = `${dateText(purchase.periodStart)} to ${dateText(purchase.periodEnd)}`;
    const receipt = [
      'Thank you for your purchase. This is your receipt.',
      '',
      `Plan: ${purchase.plan}, ${purchase.months === 12 ? '1 year' : `${purchase.months} month${purchase.months === 1 ? '' : 's'}`}`,
      `Period: ${period}`,
      `Amount: ${amount}`,
      `Order number: ${purchase.orderId}`,
      `Payment reference: ${purchase.reference}`,
      `Date: ${dateText(purchase.capturedAt)}`,
      '',
      `Your plan: ${this.deps.publicUrl}${LINKS.subscription}`,
    ].join('\n');
    return recordNotifications(
      db,
      'purchased',
      toUser(buyer.id, {
        title: `Receipt for the ${purchase.plan} plan`,
        body: `${amount}, order ${purchase.orderId}, ${period}.`,
        link: LINKS.subscription,
        dedupeKey: `purchased:${purchase.orderId}`,
      }),
      { send: 'always', text: receipt },
      this.mail,
    );
  }

  /**
   * A payment was given back (payments: a capture that could not be used, a school's refund, the
   * provider's dashboard): the buyer's notification and refund receipt, always e-mailed, once per order,
   * or once per refund for a school's refunds (`refundId`: a sale refunded in parts).
   */
  async purchaseRefunded(refund: PurchaseRefund, db: Db = this.deps.db) {
    const buyer = await findRecipient(db, refund.userId);
    const course = refund.courseId === null ? undefined : await findCourseWithOrg(db, refund.courseId);
    if (!buyer) return { notified: 0, mailed: 0 };
    const product = course ? `"${course.title}"` : `the ${refund.plan ?? 'plan'} plan`;
    const amount = moneyText(refund.amountCents, refund.currency);
    const receipt = [
      'Your payment was returned to you. This is your refund receipt.',
      '',
      course ? `Course: ${course.title}` : `Plan: ${refund.plan ?? ''}`,
      ...(course ? [`Sold by: ${course.orgName}`] : []),
      `Amount returned: ${amount}`,
      `Why: ${refund.reason}`,
      `Order number: ${refund.orderId}`,
      `Payment reference: ${refund.reference}`,
      ...(refund.refundReference ? [`Refund reference: ${refund.refundReference}`] : []),
      `Date: ${dateText(refund.refundedAt)}`,
      '',
      'The payment provider returns the money to the card or account it came from.',
    ].join('\n');
    return recordNotifications(
      db,
      'refunded',
      toUser(buyer.id, {
        title: `Refund for ${product}`,
        body: `${amount} returned${course ? ` by ${course.orgName}` : ''}, order ${refund.orderId}. ${refund.reason}`,
        link: course ? '' : LINKS.subscription,
        dedupeKey: `refunded:${refund.orderId}:${refund.refundId}`,
      }),
      { send: 'always', text: receipt, orgId: course?.orgId ?? null },
      this.mail,
    );
  }

  /**
   * One of a school's course sales was given back, whatever made it (the school, the guarantee, an
   * approved request, the provider's dashboard): its publishers are told with the course, the buyer, the
   * amount and whether the course was taken away, as they are told of a sale, once per refund.
   */
  async saleRefunded(refund: SaleRefund, db: Db = this.deps.db) {
    const course = await findCourseWithOrg(db, refund.courseId);
    const buyer = await findRecipient(db, refund.userId);
    if (!course || !buyer) return { notified: 0, mailed: 0 };
    const amount = moneyText(refund.amountCents, refund.currency);
    const access = refund.removedAccess
      ? 'Their access to the course was removed.'
      : 'They keep access to the course.';
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
      toPublishersOf(course.orgId, {
        title: `Refund: "${course.title}"`,
        body: `${buyer.fullName} (${buyer.email}) was refunded ${amount}. Order ${refund.orderId}. ${SALE_REFUND_CAUSES[refund.cause]} ${access}`,
        link: LINKS.sales,
        dedupeKey: `sale_refunded:${refund.refundId}`,
      }),
      { send: 'if-enabled', manySubject: 'refunds', orgId: course.orgId },
      this.mail,
    );
  }

  /**
   * A payment for one of a school's courses is disputed at its provider: its publishers are told to
   * answer it in the provider's dashboard, once per dispute event.
   */
  async saleDisputed(
    dispute: { eventId: string; provider: string; orderId: number; userId: number; courseId: number },
    db: Db = this.deps.db,
  ) {
    const course = await findCourseWithOrg(db, dispute.courseId);
    const buyer = await findRecipient(db, dispute.userId);
    if (!course || !buyer) return { notified: 0, mailed: 0 };
    const provider =
      dispute.provider === 'paypal' ? 'PayPal' : dispute.provider === 'stripe' ? 'Stripe' : dispute.provider;
    return recordNotifications(
      db,
      'refunded',
      toPublishersOf(course.orgId, {
        title: `Disputed payment: "${course.title}"`,
        body: `${buyer.fullName} (${buyer.email}) disputed their payment with ${provider}. Order ${dispute.orderId}. Their access to the course was removed. Answer the dispute in the ${provider} dashboard; if the buyer wins, the refund is recorded here.`,
        link: LINKS.sales,
        dedupeKey: `sale_disputed:${dispute.provider}:${dispute.eventId}`,
      }),
      { send: 'always', orgId: course.orgId },
      this.mail,
    );
  }

  /**
   * A buyer asked for a refund outside the school's guarantee: the school's publishers are told and
   * e-mailed (it waits for their answer), once per request.
   */
  async refundRequested(request: RefundRequestEvent, db: Db = this.deps.db) {
    const course = await findCourseWithOrg(db, request.courseId);
    const buyer = await findRecipient(db, request.userId);
    if (!course || !buyer) return { notified: 0, mailed: 0 };
    const amount = moneyText(request.amountCents, request.currency);
    const title = `Refund request: "${course.title}"`;
    const body = `${buyer.fullName} (${buyer.email}) asks for a refund of ${amount}, order ${request.orderId}: “${request.reason}”. ${request.outsideBecause} Approve or decline it on the Sales screen.`;
    const text = [
      title,
      '',
      `Buyer: ${buyer.fullName} (${buyer.email})`,
      `Course: ${course.title}`,
      `Amount: ${amount}`,
      `Order number: ${request.orderId}`,
      `Their reason: ${request.reason}`,
      `Outside your guarantee: ${request.outsideBecause}`,
      '',
      `Approve or decline it: ${this.deps.publicUrl}${LINKS.sales}`,
    ].join('\n');
    return recordNotifications(
      db,
      'refunded',
      toPublishersOf(course.orgId, {
        title,
        body,
        link: LINKS.sales,
        dedupeKey: `refund_request:${request.requestId}`,
      }),
      { send: 'always', text, orgId: course.orgId },
      this.mail,
    );
  }

  /**
   * The school answered a buyer's refund request: the buyer is told and e-mailed (approved: refunded, the
   * course taken away; declined: the school's message), once per request.
   */
  async refundAnswered(answer: RefundAnswerEvent, db: Db = this.deps.db) {
    const course = await findCourseWithOrg(db, answer.courseId);
    const buyer = await findRecipient(db, answer.userId);
    if (!course || !buyer) return { notified: 0, mailed: 0 };
    const amount = moneyText(answer.amountCents, answer.currency);
    const said = answer.message ? ` Their message: “${answer.message}”` : '';
    const title = answer.approved
      ? `Refund request approved: "${course.title}"`
      : `Refund request declined: "${course.title}"`;
    const body = answer.approved
      ? `${course.orgName} approved your refund request, order ${answer.orderId}: ${amount} is refunded to you and the course is no longer yours.${said}`
      : `${course.orgName} declined your refund request, order ${answer.orderId}. You keep the course.${said}`;
    const text = [title, '', body, '', `My Courses: ${this.deps.publicUrl}${LINKS.myCourses}`].join('\n');
    return recordNotifications(
      db,
      'refunded',
      toUser(buyer.id, {
        title,
        body,
        link: LINKS.myCourses,
        dedupeKey: `refund_answer:${answer.requestId}`,
      }),
      { send: 'always', text, orgId: course.orgId },
      this.mail,
    );
  }

  /**
   * A school's plan (docs/decisions/025): a renewal coming (7 days before), a cancelled plan ending (7
   * days before), a renewal whose payment failed, a plan that lapsed. Every publisher of the school is
   * told and e-mailed (always: it is about money and access), once per plan and period: the dedupe key
   * names the period's end (`periodEnd`).
   */
  async planNotice(
    event: { orgId: number; plan: string; periodEnd: Date } & PlanNotice,
    db: Db = this.deps.db,
  ) {
    const org = await findOrganisation(db, event.orgId);
    if (!org) return { notified: 0, mailed: 0 };
    const school = org.name;
    const card = (last4: string | null) => (last4 ? `the card ending ${last4}` : 'your saved card');
    const where = `${this.deps.publicUrl}${LINKS.billing}`;
    let title: string;
    let body: string;
    if (event.kind === 'renewal_reminder') {
      title = `${school}: your ${event.plan} plan renews on ${dayText(event.renewsAt)}`;
      body = `It renews by itself: ${moneyText(event.amountCents, event.currency)} will be charged to ${card(event.cardLast4)}. To stop it, cancel it on Plan & billing before then.`;
    } else if (event.kind === 'expiry_reminder') {
      title = `${school}: your ${event.plan} plan ends on ${dayText(event.endsAt)}`;
      body = `It was cancelled, so it does not renew. Once it ends you cannot publish courses or add students (your students keep their courses). Resume it on Plan & billing to keep it.`;
    } else if (event.kind === 'renewal_failed') {
      title = `${school}: your ${event.plan} plan’s renewal payment failed`;
      body = `${moneyText(event.amountCents, event.currency)} could not be charged to ${card(event.cardLast4)}. The plan keeps working until ${dayText(event.graceEndsAt)} and the payment is tried again daily. Pay with another card on Plan & billing by ${dayText(event.graceEndsAt)} to keep it.`;
    } else {
      title = `${school}: your ${event.plan} plan has ended`;
      body = `It ended on ${dayText(event.endedAt)}. Your students keep the courses they have, but you cannot publish courses or add students until you choose a plan again.`;
    }
    const text = [title, '', body, '', `Plan & billing: ${where}`].join('\n');
    return recordNotifications(
      db,
      'plan',
      toPublishersOf(event.orgId, {
        title,
        body,
        link: LINKS.billing,
        dedupeKey: `plan:${event.kind}:${event.orgId}:${event.periodEnd.getTime()}`,
      }),
      { send: 'always', text },
      this.mail,
    );
  }

  /**
   * A student newly joined the organisation: its first enrolment in one of its courses, or added by a
   * publisher (registerStudent). Its publishers are told once per student.
   */
  async studentJoined(event: { orgId: number; userId: number; courseTitle?: string }, db: Db = this.deps.db) {
    const student = await findRecipient(db, event.userId);
    if (!student) return { notified: 0, mailed: 0 };
    await emitWebhookEvent(db, event.orgId, 'student.added', String(student.id), {
      student: { id: student.id, email: student.email, full_name: student.fullName },
      course_title: event.courseTitle ?? null,
    });
    return recordNotifications(
      db,
      'new_student',
      toPublishersOf(event.orgId, {
        title: `New student: ${student.fullName}`,
        body: event.courseTitle
          ? `${student.fullName} (${student.email}) joined with "${event.courseTitle}".`
          : `${student.fullName} (${student.email}) was added to your students.`,
        link: LINKS.students,
        dedupeKey: `new_student:${student.id}`,
      }),
      { send: 'if-enabled', manySubject: 'new students', orgId: event.orgId },
      this.mail,
    );
  }

  /**
   * Lessons may have become visible to a course's students (a lesson, its section or its course
   * published): each
   * one that is visible now notifies every student enrolled in its course, once per lesson whatever
   * is unpublished and published again later. E-mailed to those who keep e-mails on, one message per
   * student however many lessons came at once.
   */
  async lessonsPublished(which: VisibleLessons, db: Db = this.deps.db) {
    return recordNotifications(
      db,
      'lesson_published',
      toStudentsOfVisibleLessons(which, (courseId: SQL) => sql`${COURSE_LINK}::text || ${courseId}::text`),
      {
        send: 'if-enabled',
        manySubject: 'new lessons in your courses',
        orgId: orgOfLessons(which),
      },
      this.mail,
    );
  }

  /**
   * Tells enrolled students of scheduled sections that opened for them (docs/decisions/032): run by every
   * instance once a minute. One statement per school records the notifications and queues the e-mails of
   * the rows it inserted (students who allow e-mails); a notification's dedupe key
   * ('section_opened:<sectionId>') makes it once per student and section however many instances run, and
   * a transaction-scoped advisory lock lets one instance's round run at a time (the others skip theirs).
   */
  async sectionsOpened(now: Date) {
    return this.deps.db.transaction(async (tx) => {
      const total = { notified: 0, mailed: 0 };
      // One round at a time across the instances: the others skip theirs rather than wait on its rows.
      if (!(await takeSectionOpeningsTurn(tx))) return total;
      for (const orgId of await schoolsWithOpenedSections(tx, now)) {
        const done = await recordNotifications(
          tx,
          'section_opened',
          toStudentsOfOpenedSections(
            now,
            orgId,
            (courseId: SQL) => sql`${COURSE_LINK}::text || ${courseId}::text`,
          ),
          { send: 'if-enabled', manySubject: 'sections opened in your courses', orgId },
          this.mail,
        );
        total.notified += done.notified;
        total.mailed += done.mailed;
      }
      return total;
    });
  }

  /**
   * A webhook endpoint was disabled after its deliveries kept failing (docs/decisions/037): the school's
   * publishers are told and e-mailed, once per time it is disabled.
   */
  async webhookDisabled(
    event: { orgId: number; endpointId: number; url: string; reason: string },
    db: Db = this.deps.db,
  ) {
    const title = `Webhook endpoint disabled: ${event.url}`;
    const body = `${event.reason} No more events are sent to it. Fix the endpoint, then turn it on again in Settings, Webhooks; the events kept meanwhile are sent then.`;
    const text = [title, '', body, '', `Webhooks: ${this.deps.publicUrl}${LINKS.webhooks}`].join('\n');
    return recordNotifications(
      db,
      'plan',
      toPublishersOf(event.orgId, {
        title,
        body,
        link: LINKS.webhooks,
        dedupeKey: `webhook_disabled:${event.endpointId}:${Date.now()}`,
      }),
      { send: 'always', text },
      this.mail,
    );
  }

  /** A certificate was issued to the student (to be called by the certificates module when it issues one). */
  async certificateIssued(
    event: { userId: number; number: string; courseTitle: string; courseId?: number },
    db: Db = this.deps.db,
  ) {
    const course = event.courseId === undefined ? undefined : await findCourseWithOrg(db, event.courseId);
    if (course) {
      await emitWebhookEvent(db, course.orgId, 'certificate.issued', event.number, {
        certificate_number: event.number,
        student_id: event.userId,
        course_id: course.id,
        course_title: course.title,
      });
    }
    return recordNotifications(
      db,
      'certificate_issued',
      toUser(event.userId, {
        title: `Your certificate for "${event.courseTitle}"`,
        body: `Congratulations on completing the course. Your certificate number is ${event.number}.`,
        link: LINKS.certificates,
        dedupeKey: `certificate:${event.number}`,
      }),
      { send: 'if-enabled', orgId: course?.orgId ?? null },
      this.mail,
    );
  }

  /**
   * The school finished grading a student's quiz attempt (the last open answer got its points): the
   * student is told its score and whether it passed, e-mailed when its e-mails are on. Once per attempt:
   * a grade changed later tells nothing more.
   */
  async quizGraded(
    event: {
      userId: number;
      attemptId: number;
      courseId: number;
      lessonId: number;
      lessonTitle: string;
      score: number;
      maxScore: number;
      passed: boolean;
    },
    db: Db = this.deps.db,
  ) {
    const course = await findCourseWithOrg(db, event.courseId);
    if (!course) return { notified: 0, mailed: 0 };
    const percent = event.maxScore > 0 ? Math.floor((event.score * 100) / event.maxScore) : 0;
    const result = event.passed ? 'You passed.' : 'You did not pass this time.';
    await emitWebhookEvent(db, course.orgId, 'quiz.graded', String(event.attemptId), {
      attempt_id: event.attemptId,
      student_id: event.userId,
      course_id: event.courseId,
      lesson_id: event.lessonId,
      lesson_title: event.lessonTitle,
      score: event.score,
      max_score: event.maxScore,
      passed: event.passed,
    });
    return recordNotifications(
      db,
      'quiz_graded',
      toUser(event.userId, {
        title: `Your quiz "${event.lessonTitle}" was graded`,
        body: `${course.orgName} graded your answers in "${course.title}": ${event.score} of ${event.maxScore} points (${percent}%). ${result}`,
        link: LINKS.lesson(event.courseId, event.lessonId),
        dedupeKey: `quiz_graded:${event.attemptId}`,
      }),
      { send: 'if-enabled', orgId: course.orgId },
      this.mail,
    );
  }

  /** notifications/GetMyNotifications: the caller's own, newest first. */
  async list(actor: Actor, list: ListQuery): Promise<Paged<Notification>> {
    return mapPage(await listNotifications(this.deps.db, actor.userId, list), toNotification);
  }

  /** notifications/GetUnreadCount */
  async unreadCount(actor: Actor): Promise<{ unread: number }> {
    return { unread: await countUnread(this.deps.db, actor.userId) };
  }

  /** notifications/MarkRead: only the caller's own notifications change; another user's ids do nothing. */
  async markRead(actor: Actor, which: number[] | 'all'): Promise<MarkReadResult> {
    const { db } = this.deps;
    const marked = await markRead(db, actor.userId, which);
    return { marked, unread: await countUnread(db, actor.userId) };
  }

  /** notifications/GetPreferences */
  async preferences(actor: Actor): Promise<NotificationPreferences> {
    const on = await findEmailPreference(this.deps.db, actor.userId);
    if (on === undefined) throw notFound('Account');
    return { email_notifications: on };
  }

  /** notifications/SavePreferences: the caller's own e-mail switch. */
  async savePreferences(actor: Actor, on: boolean): Promise<NotificationPreferences> {
    if (!(await setEmailPreference(this.deps.db, actor.userId, on))) throw notFound('Account');
    return { email_notifications: on };
  }

  /** notifications/Unsubscribe: the signed link of an e-mail turns its account's e-mails off, no login. */
  async unsubscribe(token: string): Promise<UnsubscribeResult> {
    const { unsubscribeKey, legacyUnsubscribeSecret } = this.deps;
    const userId = verifyUnsubscribeToken(unsubscribeKey, token, legacyUnsubscribeSecret);
    if (userId === undefined || !(await setEmailPreference(this.deps.db, userId, false))) {
      throw new AppError('VALIDATION', INVALID_UNSUBSCRIBE_MESSAGE, [
        { field: 'token', message: 'is not a valid unsubscribe link' },
      ]);
    }
    return { message: UNSUBSCRIBED_MESSAGE, email_notifications: false };
  }
}
