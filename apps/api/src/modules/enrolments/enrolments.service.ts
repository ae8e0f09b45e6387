import { randomBytes } from 'node:crypto';
import {
  type AssignedCourse,
  MSG,
  type Paged,
  progressText,
  ROLE,
  type StudentRelease,
  type StudentRow,
} from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { findOrganisation } from '../../db/queries/organisations';
import { findUserByEmail, findUserById, insertUser } from '../../db/queries/users';
import { hashPassword } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import { type MessageValues, recipientLocale, t } from '../../lib/i18n';
import type { Mailer } from '../../lib/mail';
import { type ListQuery, mapPage } from '../../lib/paging';
import { EMAIL_LOOKUP, type RateLimiter } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/auth';
import { findAccess, isStaffOf, requireAccess, requireAccountAccess } from '../access/access';
import { toCourseListItem } from '../courses/courses.service';
import type { NotificationService } from '../notifications/notifications.service';
import { dollars } from '../organisations/organisations.service';
import type { PlanLimits } from '../organisations/plan-limits';
import { recordAudit } from '../team/audit';
import {
  addOrgStudent,
  deleteEnrolment,
  type EnrolledCourseRow,
  findEnrolment,
  insertEnrolment,
  listEnrolledCourses,
  listOrgStudents,
  listUnassignedCourses,
  setEnrolmentRelease,
  setLessonStarted,
} from './enrolments.repository';

type Publisher = Actor & { orgId: number };

export type NewStudent = {
  name: string;
  email: string;
  password?: string | null | undefined;
  enroll?: boolean | undefined;
  course_Id?: number | string | null | undefined;
};

/** Enrolments, the student lists of an organisation, and per-lesson progress (SPEC §2.12, §2.14). */
export class EnrolmentService {
  constructor(
    private readonly deps: {
      db: Db;
      mailer: Mailer;
      config: Config;
      log: FastifyBaseLogger;
      limits: PlanLimits;
      limiter: RateLimiter;
      notifications: NotificationService;
    },
  ) {}

  /** The rows as the API answers them, each with its progress (read with the page). */
  private withProgress(rows: EnrolledCourseRow[]): AssignedCourse[] {
    return rows.map((row) => ({
      ...toCourseListItem(row),
      progress: progressText(row),
      source: row.source,
      enrolled_date: row.enrolledAt.toISOString(),
      release_start_at: row.releaseStartAt?.toISOString() ?? null,
      release_all: row.releaseAll,
      order_Id: row.orderId,
      refund_request: row.refundRequest,
      refund_answer: row.refundAnswer,
    }));
  }

  /**
   * Reads a student's courses for the caller: its own, published only (SPEC: students never see
   * unpublished courses); a publisher, its students' in its own courses, published or not. The check runs
   * beside the reading, which is scoped already: nothing read is answered unless the check passes.
   */
  private async readScoped<T>(
    actor: Actor,
    userId: number,
    read: (scope: { orgId?: number; publishedOnly?: boolean }) => Promise<T>,
  ): Promise<T> {
    const scope = actor.userId === userId ? { publishedOnly: true } : { orgId: actor.orgId ?? 0 };
    const [, result] = await Promise.all([
      requireAccountAccess(this.deps.db, actor, 'student.read', userId),
      read(scope),
    ]);
    return result;
  }

  /** GET studentCourse/GetAssignedCourses/{id}: searched on the course title. */
  async listAssigned(actor: Actor, userId: number, list: ListQuery): Promise<Paged<AssignedCourse>> {
    const page = await this.readScoped(actor, userId, (scope) =>
      listEnrolledCourses(this.deps.db, userId, scope, list),
    );
    return { rows: this.withProgress(page.rows), total: page.total };
  }

  /** GET studentCourse/GetAllCoursesByUserIdandCourseId/{userId}/{courseId}: one element if enrolled, else none. */
  async enrolmentOf(actor: Actor, userId: number, courseId: number): Promise<AssignedCourse[]> {
    const { rows } = await this.readScoped(actor, userId, (scope) =>
      listEnrolledCourses(this.deps.db, userId, { courseId, ...scope }),
    );
    return this.withProgress(rows);
  }

  /**
   * GET studentCourse/getStudentByOrgID/{id}: always the caller's organisation; searched on name and e-mail,
   * optionally only the students with (or without) an enrolment in its courses.
   */
  async listStudents(
    actor: Publisher,
    list: ListQuery,
    filter: { enrolled?: boolean | undefined } = {},
  ): Promise<Paged<StudentRow>> {
    const instructorId = isStaffOf(actor, actor.orgId) ? undefined : actor.userId;
    const rows = await listOrgStudents(this.deps.db, actor.orgId, list, { ...filter, instructorId });
    return mapPage(rows, (r) => ({
      fullName: r.full_name,
      email: r.email,
      numberofcourses: r.courses,
      totalcost: dollars(r.cents),
      user_id: r.id,
    }));
  }

  /**
   * POST studentCourse/registerStudent: a student account created by this organisation (so it may edit
   * it later), optionally enrolled in one of its courses. Without a password the student is mailed how
   * to choose one; the password is never mailed.
   */
  async registerStudent(
    actor: Publisher,
    input: NewStudent,
    ip: string,
  ): Promise<{ message: string; user_id: number; enrolled: boolean }> {
    const { db, mailer, config, log } = this.deps;
    const courseId = input.course_Id ? Number(input.course_Id) : undefined;
    if (input.enroll && !courseId) {
      throw new AppError('VALIDATION', 'course_Id: choose the course to enrol the student in', [
        { field: 'course_Id', message: 'is required to enrol the student' },
      ]);
    }
    const course =
      input.enroll && courseId ? await findAccess(db, actor, 'course.update', courseId) : undefined;
    if (input.enroll && !course) {
      throw new AppError('VALIDATION', 'course_Id: is not a course of your organisation', [
        { field: 'course_Id', message: 'is not a course of your organisation' },
      ]);
    }
    // 'User already registerd' tells whether the e-mail has an account (decision 002).
    await this.deps.limiter.limitAddress(EMAIL_LOOKUP, ip);
    if (await findUserByEmail(db, input.email)) {
      throw new AppError('EMAIL_TAKEN', MSG.userAlreadyRegistered, [
        { field: 'email', message: 'is already registered' },
      ]);
    }
    const hasPassword = typeof input.password === 'string' && input.password.length > 0;
    const passwordHash = await hashPassword(
      hasPassword ? (input.password as string) : randomBytes(32).toString('base64url'),
    );
    let userId: number;
    let ownLanguage: string | null = null;
    try {
      userId = await db.transaction(async (tx) => {
        await this.deps.limits.checkNewContact(tx, actor.orgId, undefined);
        const user = await insertUser(tx, {
          email: input.email,
          passwordHash,
          fullName: input.name,
          roleId: ROLE.STUDENT,
          verified: true,
          isActive: true,
          createdByOrgId: actor.orgId,
        });
        await addOrgStudent(tx, actor.orgId, user.id, actor.userId);
        if (course) await insertEnrolment(tx, { userId: user.id, courseId: course.id, source: 'assigned' });
        const { notifications } = this.deps;
        await notifications.studentJoined({ orgId: actor.orgId, userId: user.id }, tx);
        // The welcome message below names the course: the enrolment is told in the app only.
        if (course) {
          await notifications.enrolled({ userId: user.id, courseId: course.id }, tx, { mail: false });
        }
        ownLanguage = user.language;
        return user.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('EMAIL_TAKEN', MSG.userAlreadyRegistered, [
          { field: 'email', message: 'is already registered' },
        ]);
      }
      throw error;
    }
    // The school's own name, in the subject, the text and the sender (docs/decisions/021); the new
    // account's language if it was given one, else the school's (docs/decisions/047).
    const org = await findOrganisation(this.deps.db, actor.orgId);
    const language = recipientLocale(ownLanguage, org?.language);
    const school = org?.name ?? t(language, 'welcome.yourSchool');
    const signIn = hasPassword
      ? t(language, 'welcome.signIn.password', { url: `${config.publicUrl}/login` })
      : t(language, 'welcome.signIn.choose', { url: `${config.publicUrl}/resetPasswordRequest` });
    const named: MessageValues = course ? { school, course: course.title } : { school };
    try {
      await mailer.send({
        to: input.email,
        subject: t(language, course ? 'welcome.subject.course' : 'welcome.subject', named),
        text: [
          t(language, 'mail.hello', { name: input.name }),
          '',
          t(language, course ? 'welcome.text.course' : 'welcome.text', named),
          signIn,
          '',
          'Skillwise',
        ].join('\n'),
        school,
        language,
      });
    } catch (error) {
      // The account exists and works; the welcome message is a courtesy.
      log.warn({ err: error, to: input.email }, 'could not send the welcome message');
    }
    return { message: MSG.studentAdded, user_id: userId, enrolled: course !== undefined };
  }

  /** GET courses/UnAssignedCourses/{id}: this organisation's courses the student does not have. */
  async unassignedCourses(
    actor: Publisher,
    userId: number,
    list: ListQuery,
    filter: { published?: boolean | undefined } = {},
  ) {
    await requireAccess(this.deps.db, actor, 'student.manage', userId);
    const found = await listUnassignedCourses(this.deps.db, actor.orgId, userId, list, filter);
    return mapPage(found, (c) => ({
      course_Id: c.id,
      course_title: c.title,
      published: c.published,
    }));
  }

  private async ownedCourseAndStudent(actor: Publisher, userId: number, courseId: number) {
    const { db } = this.deps;
    const course = await requireAccess(db, actor, 'course.update', courseId);
    await requireAccess(db, actor, 'student.enrol', userId);
    return course;
  }

  /** POST studentCourse/AssignCoursetoStudent */
  async assign(actor: Publisher, userId: number, courseId: number): Promise<{ message: string }> {
    const course = await this.ownedCourseAndStudent(actor, userId, courseId);
    const inserted = await this.deps.db.transaction(async (tx) => {
      await this.deps.limits.checkNewContact(tx, actor.orgId, userId);
      const added = await insertEnrolment(tx, { userId, courseId, source: 'assigned' });
      if (added) await this.deps.notifications.enrolled({ userId, courseId }, tx);
      return added;
    });
    if (!inserted) throw new AppError('CONFLICT', 'This student is already enrolled in this course.');
    return { message: `Enrolled in "${course.title}".` };
  }

  /** DELETE studentCourse/DeleteAssignedCourse: a course the student bought or took free is theirs to keep. */
  async unassign(actor: Publisher, userId: number, courseId: number): Promise<{ message: string }> {
    const found = await this.ownedCourseAndStudent(actor, userId, courseId);
    const enrolment = await findEnrolment(this.deps.db, userId, courseId);
    if (!enrolment) throw notFound('Enrolment');
    // A course the student paid for, or took free on their own, is theirs: only assigned ones go.
    if (enrolment.source === 'purchased') {
      throw new AppError('CONFLICT', 'The student bought this course: it cannot be taken away.');
    }
    if (enrolment.source === 'free') {
      throw new AppError(
        'CONFLICT',
        'The student enrolled in this free course themselves: it cannot be taken away.',
      );
    }
    const student = await findUserById(this.deps.db, userId);
    await this.deps.db.transaction(async (tx) => {
      await deleteEnrolment(tx, userId, courseId);
      // Who took a student out of a course goes in the school's audit log (docs/decisions/039).
      await recordAudit(tx, actor.orgId, actor, 'student.removed', student?.email ?? `Student ${userId}`, {
        course_Id: courseId,
        course: found.title,
      });
    });
    return { message: 'Deleted successfully!' };
  }

  /**
   * POST studentCourse/SetStudentRelease (docs/decisions/032): the course's staff move one of their
   * students' start in the course (null: back to the enrolment's date) or open every section for them.
   * Another school's course or student, or a student not enrolled in the course: 404.
   */
  async setRelease(
    actor: Publisher,
    input: {
      user_Id: number;
      course_Id: number;
      release_start_at?: Date | null | undefined;
      release_all?: boolean | undefined;
    },
  ): Promise<StudentRelease> {
    await this.ownedCourseAndStudent(actor, input.user_Id, input.course_Id);
    const row = await setEnrolmentRelease(this.deps.db, input.user_Id, input.course_Id, {
      releaseStartAt: input.release_start_at,
      releaseAll: input.release_all,
    });
    if (!row) throw notFound('Enrolment');
    return {
      user_Id: row.userId,
      course_Id: row.courseId,
      enrolled_date: row.createdAt.toISOString(),
      release_start_at: row.releaseStartAt?.toISOString() ?? null,
      release_all: row.releaseAll,
    };
  }

  /**
   * PUT lessons/ChangeLessonStartedFlag: records that the caller started (or un-starts) a lesson it can
   * study: a published lesson of a published course it is enrolled in. Staff previewing record nothing.
   */
  async setStarted(
    actor: Actor,
    lessonId: number,
    started: boolean,
  ): Promise<{ lesson_Id: number; lessonstarted: boolean }> {
    const { db } = this.deps;
    const row = await requireAccess(db, actor, 'lesson.learn', lessonId);
    if (row.staff) return { lesson_Id: lessonId, lessonstarted: false };
    await setLessonStarted(db, actor.userId, lessonId, started);
    return { lesson_Id: lessonId, lessonstarted: started };
  }
}
