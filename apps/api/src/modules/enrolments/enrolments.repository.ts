import type { Paged } from '@skillwise/contracts';
import { likePattern } from '@skillwise/contracts';
import { and, asc, count, eq, gt, inArray, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsLowerText, containsText, pageOf, pageOfQuery } from '../../db/paging';
import { prepared } from '../../db/prepared';
import { completedByCourse, completionPair } from '../../db/queries/completion';
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

/** The optional filters of a student's enrolled courses. */
type EnrolledFilter = { orgId?: number; courseId?: number; publishedOnly?: boolean };

/** Those filters and the title search as values, null for none: one statement serves every call. */
const enrolledWhere = (
  userId: SQLWrapper | number,
  f: { orgId: unknown; courseId: unknown; publishedOnly: unknown; pattern: unknown },
) =>
  and(
    eq(enrolments.userId, userId),
    sql`(${f.orgId}::int is null or ${courses.orgId} = ${f.orgId})`,
    sql`(${f.courseId}::int is null or ${courses.id} = ${f.courseId})`,
    sql`(not ${f.publishedOnly}::boolean or ${courses.published})`,
    sql`(${f.pattern}::text is null or ${courses.title} ilike ${f.pattern} escape '\\')`,
  );

/**
 * A student's enrolled courses, one page (all when `limit` is null), each with its completion: one
 * prepared query, so that My Courses costs one planned statement and no SQL built per request.
 */
const enrolledCoursesQuery = prepared((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...courseWithAuthorColumns,
      source: enrolments.source,
      enrolledAt: enrolments.createdAt,
      releaseStartAt: enrolments.releaseStartAt,
      releaseAll: enrolments.releaseAll,
      orderId: enrolments.orderId,
      // The buyer's latest refund request of the purchase, and the school's answer (docs/decisions/029).
      ...latestRefundRequestColumns(enrolments.orderId),
      completion: completionPair(sql`${courses.id}`, sql`done.completed`),
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .leftJoin(sql`(${completedByCourse(userId)}) done`, sql`done.course_id = ${courses.id}`)
    .where(
      enrolledWhere(userId, {
        orgId: sql.placeholder('orgId'),
        courseId: sql.placeholder('courseId'),
        publishedOnly: sql.placeholder('publishedOnly'),
        pattern: sql.placeholder('pattern'),
      }),
    )
    .orderBy(asc(enrolments.createdAt), asc(enrolments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('enrolled_courses');
});

/**
 * A student's enrolled courses with their authors, how each came and the student's completion of each
 * (`total` counted lessons, `completed` of them), oldest enrolment first; optionally one organisation's,
 * one course, or only the published ones (what the student itself sees); searched on the course title.
 */
export async function listEnrolledCourses(
  db: Db,
  userId: number,
  filter: EnrolledFilter = {},
  list: ListQuery = WHOLE_LIST,
) {
  const values = {
    orgId: filter.orgId ?? null,
    courseId: filter.courseId ?? null,
    publishedOnly: filter.publishedOnly ?? false,
    pattern: list.search === undefined ? null : likePattern(list.search),
  };
  const rows = async () => {
    const found = await enrolledCoursesQuery(db).execute({
      userId,
      ...values,
      limit: list.window?.limit ?? null,
      offset: list.window?.offset ?? 0,
    });
    return found.map(({ completion, ...row }) => ({
      ...row,
      total: completion?.[0] ?? 0,
      completed: completion?.[1] ?? 0,
    }));
  };
  return pageOf(list.window, rows, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(enrolledWhere(userId, values));
    return row?.n ?? 0;
  });
}

export type EnrolledCourseRow = Awaited<ReturnType<typeof listEnrolledCourses>>['rows'][number];

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

/** A lesson started (the player asks on every lesson opened): prepared once per connection. */
const lessonStartedQuery = prepared((db) =>
  db
    .insert(lessonProgress)
    .values({ userId: sql.placeholder('userId'), lessonId: sql.placeholder('lessonId'), started: true })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { started: true, startedAt: sql`now()` },
      setWhere: eq(lessonProgress.started, false),
    })
    .prepare('lesson_started'),
);

/** Sets the started flag only: where the student was and whether it completed the lesson stay. */
export async function setLessonStarted(db: Db, userId: number, lessonId: number, started: boolean) {
  if (started) {
    await lessonStartedQuery(db).execute({ userId, lessonId });
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
