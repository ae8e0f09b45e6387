import type { Paged } from '@skillwise/contracts';
import { and, asc, count, eq, gt, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { containsLowerText, containsText, pageOfQuery } from '../../db/paging';
import { courseCompletion } from '../../db/queries/completion';
import { courseWithAuthorColumns } from '../../db/queries/courses';
import { latestRefundRequestColumns } from '../../db/queries/orders';
import {
  authors,
  courses,
  enrolments,
  lessonProgress,
  orders,
  orgMembers,
  orgStudents,
  users,
} from '../../db/schema';
import { type ListQuery, WHOLE_LIST } from '../../lib/paging';

export {
  type EnrolmentSource,
  findEnrolment,
  insertEnrolment,
  isEnrolled,
} from '../../db/queries/enrolments';

/**
 * A student's enrolled courses with their authors and how each came, oldest enrolment first; optionally one
 * organisation's, one course, or only the published ones (what the student itself sees); searched on the
 * course title.
 */
export async function listEnrolledCourses(
  db: Db,
  userId: number,
  filter: { orgId?: number; courseId?: number; publishedOnly?: boolean } = {},
  list: ListQuery = WHOLE_LIST,
) {
  const where = and(
    eq(enrolments.userId, userId),
    filter.orgId === undefined ? undefined : eq(courses.orgId, filter.orgId),
    filter.courseId === undefined ? undefined : eq(courses.id, filter.courseId),
    filter.publishedOnly ? eq(courses.published, true) : undefined,
    containsText(list.search, courses.title),
  );
  const query = db
    .select({
      ...courseWithAuthorColumns,
      source: enrolments.source,
      enrolledAt: enrolments.createdAt,
      releaseStartAt: enrolments.releaseStartAt,
      releaseAll: enrolments.releaseAll,
      orderId: enrolments.orderId,
      // The buyer's latest refund request of the purchase, and the school's answer (docs/decisions/029).
      ...latestRefundRequestColumns(enrolments.orderId),
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(where)
    .orderBy(asc(enrolments.createdAt), asc(enrolments.id))
    .$dynamic();
  return pageOfQuery(query, list.window, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(where);
    return row?.n ?? 0;
  });
}

export type EnrolledCourseRow = Awaited<ReturnType<typeof listEnrolledCourses>>['rows'][number];

/**
 * Per course: its counted lessons, and how many of them this student completed (db/queries/completion.ts;
 * DESIGN decision 11: progress is completion, not a start).
 */
export async function progressByCourse(db: Db, userId: number, courseIds: number[]) {
  if (courseIds.length === 0) return new Map<number, { total: number; completed: number }>();
  // One text parameter whatever the number of courses.
  const ids = sql`select unnest(string_to_array(${courseIds.join(',')}, ',')::int[])`;
  const result = await db.execute(sql`select cc.course_id as "courseId", cc.total, cc.completed
    from (${courseCompletion(userId, ids)}) cc`);
  const rows = rowsOf<{ courseId: number; total: number; completed: number }>(result);
  return new Map(
    rows.map((r) => [Number(r.courseId), { total: Number(r.total), completed: Number(r.completed) }]),
  );
}

export async function deleteEnrolment(db: Db, userId: number, courseId: number) {
  await db.delete(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
}

export async function addOrgStudent(db: Db, orgId: number, userId: number, addedBy: number) {
  await db.insert(orgStudents).values({ orgId, userId, addedBy }).onConflictDoNothing();
}

/**
 * An organisation's courses the student does not have yet, by title; searched on the title, optionally
 * only the published ones (or only the drafts).
 */
export async function listUnassignedCourses(
  db: Db,
  orgId: number,
  userId: number,
  list: ListQuery,
  filter: { published?: boolean | undefined } = {},
) {
  const owned = db.select({ id: enrolments.courseId }).from(enrolments).where(eq(enrolments.userId, userId));
  const where = and(
    eq(courses.orgId, orgId),
    notInArray(courses.id, owned),
    filter.published === undefined ? undefined : eq(courses.published, filter.published),
    containsText(list.search, courses.title),
  );
  const query = db
    .select({ id: courses.id, title: courses.title, published: courses.published })
    .from(courses)
    .where(where)
    .orderBy(asc(courses.title), asc(courses.id))
    .$dynamic();
  return pageOfQuery(query, list.window, () => db.$count(courses, where));
}

export type OrgStudentRow = { id: number; full_name: string; email: string; courses: number; cents: number };

/**
 * The organisation's students (added by it or enrolled in its courses) by name, with their course count
 * and what they paid it; searched on the full name and the e-mail address. org_members holds one row per
 * student with the name's sort key and the course count (kept by triggers), so a page is an index read
 * of (org_id, sort_name), a search and the total read the organisation's rows alone (no join), and what
 * each student paid is summed for the page's students only.
 *
 * `enrolled` narrows the members before the page and the total: true keeps the students enrolled in one
 * of its courses, false those it added that have none.
 */
export async function listOrgStudents(
  db: Db,
  orgId: number,
  list: ListQuery,
  filter: { enrolled?: boolean | undefined; instructorId?: number | undefined } = {},
): Promise<Paged<OrgStudentRow>> {
  // An instructor (docs/decisions/039) sees the students enrolled in the courses given to them, and what
  // they paid for those courses only.
  const taught = (courseId: SQL) =>
    sql`${courseId} in (select ci.course_id from course_instructors ci where ci.user_id = ${filter.instructorId})`;
  const where = and(
    eq(orgMembers.orgId, orgId),
    filter.instructorId === undefined
      ? undefined
      : sql`exists (select 1 from enrolments e where e.user_id = ${orgMembers.userId} and ${taught(sql`e.course_id`)})`,
    filter.enrolled === undefined
      ? undefined
      : filter.enrolled
        ? gt(orgMembers.courses, 0)
        : and(eq(orgMembers.added, true), eq(orgMembers.courses, 0)),
    // Both hold lower-cased text: the same case-insensitive match as the other lists' searches.
    containsLowerText(list.search, orgMembers.sortName, orgMembers.email),
  );
  const query = db
    .select({ id: users.id, full_name: users.fullName, email: users.email, courses: orgMembers.courses })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(where)
    .orderBy(asc(orgMembers.sortName), asc(orgMembers.userId))
    .$dynamic();
  const page = await pageOfQuery(query, list.window, () => db.$count(orgMembers, where));
  const ids = page.rows.map((r) => r.id);
  const paid = ids.length
    ? await db
        .select({
          userId: orders.userId,
          cents: sql<string>`sum(${orders.amountCents} - ${orders.discountCents})`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.orgId, orgId),
            eq(orders.kind, 'course'),
            eq(orders.status, 'captured'),
            inArray(orders.userId, ids),
            filter.instructorId === undefined ? undefined : taught(sql`${orders.courseId}`),
          ),
        )
        .groupBy(orders.userId)
    : [];
  const centsOf = new Map(paid.map((p) => [p.userId, Number(p.cents)]));
  return { rows: page.rows.map((r) => ({ ...r, cents: centsOf.get(r.id) ?? 0 })), total: page.total };
}

/** Sets the started flag only: where the student was and whether it completed the lesson stay. */
export async function setLessonStarted(db: Db, userId: number, lessonId: number, started: boolean) {
  if (started) {
    await db
      .insert(lessonProgress)
      .values({ userId, lessonId, started: true })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: { started: true, startedAt: sql`now()` },
        setWhere: eq(lessonProgress.started, false),
      });
  } else {
    await db
      .update(lessonProgress)
      .set({ started: false })
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  }
}

/**
 * Moves a student's start in a course or opens every section for them (docs/decisions/032): the columns
 * given change. The enrolment after the change, or undefined when the student is not enrolled in it.
 */
export async function setEnrolmentRelease(
  db: Db,
  userId: number,
  courseId: number,
  change: { releaseStartAt?: Date | null | undefined; releaseAll?: boolean | undefined },
) {
  const [row] = await db
    .update(enrolments)
    .set({
      ...(change.releaseStartAt === undefined ? {} : { releaseStartAt: change.releaseStartAt }),
      ...(change.releaseAll === undefined ? {} : { releaseAll: change.releaseAll }),
    })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)))
    .returning();
  return row;
}
