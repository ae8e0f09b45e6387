import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import {
  authors,
  courses,
  enrolments,
  lessonProgress,
  lessons,
  orders,
  orgStudents,
  sections,
  users,
} from '../../db/schema';
import { courseWithAuthorColumns } from '../courses/courses.repository';

export type EnrolmentSource = 'assigned' | 'purchased' | 'free';

/**
 * A student's enrolled courses with their authors and how each came; optionally one organisation's, one
 * course, or only the published ones (what the student itself sees).
 */
export async function listEnrolledCourses(
  db: Db,
  userId: number,
  filter: { orgId?: number; courseId?: number; publishedOnly?: boolean } = {},
) {
  return db
    .select({
      ...courseWithAuthorColumns,
      source: enrolments.source,
      enrolledAt: enrolments.createdAt,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(
      and(
        eq(enrolments.userId, userId),
        filter.orgId === undefined ? undefined : eq(courses.orgId, filter.orgId),
        filter.courseId === undefined ? undefined : eq(courses.id, filter.courseId),
        filter.publishedOnly ? eq(courses.published, true) : undefined,
      ),
    )
    .orderBy(asc(enrolments.createdAt), asc(enrolments.id));
}

/** Per course: published lessons in published sections, and how many of them this student started. */
export async function progressByCourse(db: Db, userId: number, courseIds: number[]) {
  if (courseIds.length === 0) return new Map<number, { total: number; started: number }>();
  const rows = await db
    .select({
      courseId: sections.courseId,
      total: sql<number>`count(${lessons.id})::int`,
      started: sql<number>`count(${lessonProgress.lessonId})::int`,
    })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(
      and(inArray(sections.courseId, courseIds), eq(sections.published, true), eq(lessons.published, true)),
    )
    .groupBy(sections.courseId);
  return new Map(rows.map((r) => [r.courseId, { total: r.total, started: r.started }]));
}

export async function isEnrolled(db: Db, userId: number, courseId: number): Promise<boolean> {
  return (await findEnrolment(db, userId, courseId)) !== undefined;
}

export async function findEnrolment(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  return row;
}

/** Enrols once: answers false when the student already had the course. */
export async function insertEnrolment(
  db: Db,
  values: { userId: number; courseId: number; source: EnrolmentSource; orderId?: number | null },
): Promise<boolean> {
  const rows = await db
    .insert(enrolments)
    .values(values)
    .onConflictDoNothing({ target: [enrolments.userId, enrolments.courseId] })
    .returning({ id: enrolments.id });
  return rows.length === 1;
}

export async function deleteEnrolment(db: Db, userId: number, courseId: number) {
  await db.delete(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
}

export async function addOrgStudent(db: Db, orgId: number, userId: number, addedBy: number) {
  await db.insert(orgStudents).values({ orgId, userId, addedBy }).onConflictDoNothing();
}

/** An organisation's courses the student does not have yet. */
export async function listUnassignedCourses(db: Db, orgId: number, userId: number) {
  const owned = db.select({ id: enrolments.courseId }).from(enrolments).where(eq(enrolments.userId, userId));
  return db
    .select({ id: courses.id, title: courses.title, published: courses.published })
    .from(courses)
    .where(and(eq(courses.orgId, orgId), notInArray(courses.id, owned)))
    .orderBy(asc(courses.title), asc(courses.id));
}

/**
 * The organisation's students (added by it or enrolled in its courses) with their course count and what
 * they paid it: one query whatever the number of students.
 */
export async function listOrgStudents(db: Db, orgId: number) {
  const result = await db.execute(sql`
    with members as (
      select ${orgStudents.userId} as user_id from ${orgStudents} where ${orgStudents.orgId} = ${orgId}
      union
      select e.user_id from ${enrolments} e join ${courses} c on c.id = e.course_id where c.org_id = ${orgId}
    ),
    counts as (
      select e.user_id, count(*)::int as n from ${enrolments} e join ${courses} c on c.id = e.course_id
      where c.org_id = ${orgId} group by e.user_id
    ),
    paid as (
      select o.user_id, sum(o.amount_cents)::bigint as cents from ${orders} o
      where o.org_id = ${orgId} and o.kind = 'course' and o.status = 'captured' group by o.user_id
    )
    select u.id, u.full_name, u.email, coalesce(counts.n, 0) as courses, coalesce(paid.cents, 0) as cents
    from members m
    join ${users} u on u.id = m.user_id and u.role_id = 3
    left join counts on counts.user_id = u.id
    left join paid on paid.user_id = u.id
    order by lower(u.full_name), u.id`);
  return rowsOf<{ id: number; full_name: string; email: string; courses: number; cents: string | number }>(
    result,
  );
}

export async function setLessonStarted(db: Db, userId: number, lessonId: number, started: boolean) {
  if (started) {
    await db.insert(lessonProgress).values({ userId, lessonId, started: true }).onConflictDoNothing();
  } else {
    await db
      .delete(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
  }
}
