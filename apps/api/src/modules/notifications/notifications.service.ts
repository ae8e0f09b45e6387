import type { KeyObject } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emitWebhookEvent } from '../../db/queries/integrations';
import { findOrganisation } from '../../db/queries/organisations';
import { inEveryLocale, t } from '../../lib/i18n';
import { InboxService } from './inbox.service';
import {
  type CoursePurchase,
  courseReceipt,
  type PlanNotice,
  type PlanPurchase,
  planNoticeMessage,
  planReceipt,
  saleMessage,
} from './money-messages';
import { COURSE_LINK, LINKS } from './notification-links';
import {
  findCourseAndPerson,
  findCourseWithOrg,
  findRecipient,
  isFirstEnrolmentInOrg,
  type MailContext,
  orgOfLessons,
  recordNotifications,
  schoolsWithOpenedSections,
  takeSectionOpeningsTurn,
  toPublishersOf,
  toStudentsOfOpenedSections,
  toStudentsOfVisibleLessons,
  toUser,
  type VisibleLessons,
} from './notifications.repository';
import { RefundNotices, splitComposed } from './refund-notices';

export type NotificationDeps = {
  db: Db;
  /** The unsubscribe-link key (lib/keys.ts). */
  unsubscribeKey: KeyObject;
  /** The root secret, which signed the links of e-mails sent before keys were derived per purpose. */
  legacyUnsubscribeSecret?: string;
  /** PUBLIC_URL: e-mails link into the web app there. */
  publicUrl: string;
};

/**
 * My Notification and its e-mails. Each event is recorded for one or many users in one statement, with
 * its e-mails queued in the same statement (lib/mail-queue.ts sends them), inside the caller's
 * transaction (`db`), so an event whose change rolls back tells nobody. What the events about money say
 * is money-messages.ts; a user's own notifications and e-mail switch are `inbox` (inbox.service.ts).
 */
export class NotificationService {
  /** A user's own notifications and e-mail switch (notifications.routes.ts). */
  readonly inbox: InboxService;
  /** Refunds, disputes and refund requests (payments). */
  readonly refunds: RefundNotices;
  private readonly mail: MailContext;

  constructor(private readonly deps: NotificationDeps) {
    this.mail = { publicUrl: deps.publicUrl };
    this.inbox = new InboxService(deps);
    this.refunds = new RefundNotices({ db: deps.db, mail: this.mail });
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
      toUser(
        event.userId,
        inEveryLocale((l) => ({
          title: t(l, 'notify.enrolled.title', { course: course.title }),
          body: t(l, 'notify.enrolled.body', { school: course.orgName }),
          link: LINKS.course(course.id),
          dedupeKey: null,
        })),
        course.orgId,
      ),
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
    const found = await findCourseAndPerson(db, purchase.courseId, purchase.userId);
    if (!found) return;
    const { course, person: buyer } = found;
    const receipt = splitComposed(
      inEveryLocale((l) => courseReceipt(l, course, purchase, this.deps.publicUrl)),
    );
    await recordNotifications(
      db,
      'purchased',
      toUser(buyer.id, receipt.message, course.orgId),
      { send: 'always', text: receipt.text, orgId: course.orgId },
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
        coupon_code: purchase.coupon?.code ?? null,
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
        toPublishersOf(
          course.orgId,
          inEveryLocale((l) => saleMessage(l, course, buyer, purchase)),
        ),
        { send: 'if-enabled', manySubject: 'notify.many.sales', orgId: course.orgId },
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
    const receipt = splitComposed(inEveryLocale((l) => planReceipt(l, purchase, this.deps.publicUrl)));
    return recordNotifications(
      db,
      'purchased',
      toUser(buyer.id, receipt.message),
      { send: 'always', text: receipt.text },
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
    const notice = splitComposed(
      inEveryLocale((l) => planNoticeMessage(l, org.name, event, this.deps.publicUrl)),
    );
    return recordNotifications(
      db,
      'plan',
      toPublishersOf(event.orgId, notice.message),
      { send: 'always', text: notice.text, languageOrgId: event.orgId },
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
      toPublishersOf(
        event.orgId,
        inEveryLocale((l) => {
          const who = { name: student.fullName, email: student.email };
          return {
            title: t(l, 'notify.student.title', who),
            body: event.courseTitle
              ? t(l, 'notify.student.body.course', { ...who, course: event.courseTitle })
              : t(l, 'notify.student.body', who),
            link: LINKS.students,
            dedupeKey: `new_student:${student.id}`,
          };
        }),
      ),
      { send: 'if-enabled', manySubject: 'notify.many.students', orgId: event.orgId },
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
        manySubject: 'notify.many.lessons',
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
          { send: 'if-enabled', manySubject: 'notify.many.sections', orgId },
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
    const dedupeKey = `webhook_disabled:${event.endpointId}:${Date.now()}`;
    const notice = splitComposed(
      inEveryLocale((l) => {
        const title = t(l, 'notify.webhook.title', { url: event.url });
        const body = t(l, 'notify.webhook.body', { reason: event.reason });
        const link = t(l, 'notify.webhook.link', { url: `${this.deps.publicUrl}${LINKS.webhooks}` });
        return {
          message: { title, body, link: LINKS.webhooks, dedupeKey },
          text: [title, '', body, '', link].join('\n'),
        };
      }),
    );
    return recordNotifications(
      db,
      'plan',
      toPublishersOf(event.orgId, notice.message),
      { send: 'always', text: notice.text, languageOrgId: event.orgId },
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
      toUser(
        event.userId,
        inEveryLocale((l) => ({
          title: t(l, 'notify.certificate.title', { course: event.courseTitle }),
          body: t(l, 'notify.certificate.body', { number: event.number }),
          link: LINKS.certificates,
          dedupeKey: `certificate:${event.number}`,
        })),
        course?.orgId ?? null,
      ),
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
      toUser(
        event.userId,
        inEveryLocale((l) => ({
          title: t(l, 'notify.quiz.title', { lesson: event.lessonTitle }),
          body: t(l, 'notify.quiz.body', {
            school: course.orgName,
            course: course.title,
            score: event.score,
            max: event.maxScore,
            percent,
            result: t(l, event.passed ? 'notify.quiz.passed' : 'notify.quiz.failed'),
          }),
          link: LINKS.lesson(event.courseId, event.lessonId),
          dedupeKey: `quiz_graded:${event.attemptId}`,
        })),
        course.orgId,
      ),
      { send: 'if-enabled', orgId: course.orgId },
      this.mail,
    );
  }
}
