import { type Paged, ROLE } from '@skillwise/contracts';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { containsText, inWindow, pageOf } from '../../db/paging';
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
import { type ListQuery, WHOLE_LIST } from '../../lib/paging';
import { courseWithAuthorColumns } from '../courses/courses.repository';

export type EnrolmentSource = 'assigned' | 'purchased' | 'free';

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
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(where)
    .orderBy(asc(enrolments.createdAt), asc(enrolments.id))
    .$dynamic();
  return pageOf(
    list.window,
    () => inWindow(query, list.window),
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(enrolments)
        .innerJoin(courses, eq(courses.id, enrolments.courseId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}

export type EnrolledCourseRow = Awaited<ReturnType<typeof listEnrolledCourses>>['rows'][number];

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

/** An organisation's courses the student does not have yet, by title; searched on the title. */
export async function listUnassignedCourses(db: Db, orgId: number, userId: number, list: ListQuery) {
  const owned = db.select({ id: enrolments.courseId }).from(enrolments).where(eq(enrolments.userId, userId));
  const where = and(
    eq(courses.orgId, orgId),
    notInArray(courses.id, owned),
    containsText(list.search, courses.title),
  );
  const query = db
    .select({ id: courses.id, title: courses.title, published: courses.published })
    .from(courses)
    .where(where)
    .orderBy(asc(courses.title), asc(courses.id))
    .$dynamic();
  return pageOf(
    list.window,
    () => inWindow(query, list.window),
    () => db.$count(courses, where),
  );
}

export type OrgStudentRow = { id: number; full_name: string; email: string; courses: number; cents: number };

/**
 * The organisation's students (added by it or enrolled in its courses) by name, with their course count
 * and what they paid it; searched on the full name and the e-mail address. The members are found and
 * sorted once (org_students' key, courses(org_id, id) and enrolments(course_id, user_id) keep that to
 * index reads); the course counts and amounts paid are then aggregated for the page's students only (a
 * handful of lookups by user_id for a page, one pass over the organisation's enrolments for the whole
 * list). The total comes with the page (`count(*) over ()`, computed before the limit); only a page past
 * the end asks for it separately.
 *
 * `enrolled` narrows the members before they are sorted, so the filter, the search, the page and the total
 * agree: true keeps the students enrolled in one of its courses (the same index reads), false those it
 * added that have none (an anti-join, each added student's enrolments looked up by user_id).
 */
export async function listOrgStudents(
  db: Db,
  orgId: number,
  list: ListQuery,
  filter: { enrolled?: boolean | undefined } = {},
): Promise<Paged<OrgStudentRow>> {
  const added = sql`select ${orgStudents.userId} as user_id from ${orgStudents} where ${orgStudents.orgId} = ${orgId}`;
  const enrolledIn = sql`from ${enrolments} e join ${courses} c on c.id = e.course_id where c.org_id = ${orgId}`;
  const members =
    filter.enrolled === undefined
      ? sql`members as (${added} union select e.user_id ${enrolledIn})`
      : filter.enrolled
        ? sql`members as (select distinct e.user_id ${enrolledIn})`
        : sql`members as (
            select ${orgStudents.userId} as user_id from ${orgStudents}
            where ${orgStudents.orgId} = ${orgId}
              and not exists (select 1 ${enrolledIn} and e.user_id = ${orgStudents.userId})
          )`;
  const search = containsText(list.search, sql.raw('u.full_name'), sql.raw('u.email'));
  const matching = sql`from members m join ${users} u on u.id = m.user_id and u.role_id = ${ROLE.STUDENT}
    ${search ? sql`where ${search}` : sql``}`;
  const window = list.window ? sql`limit ${list.window.limit} offset ${list.window.offset}` : sql``;
  const result = await db.execute(sql`
    with ${members},
    page as (
      select u.id, u.full_name, u.email, (count(*) over ())::int as total
      ${matching}
      order by lower(u.full_name), u.id
      ${window}
    ),
    counts as (
      select e.user_id, count(*)::int as n from ${enrolments} e join ${courses} c on c.id = e.course_id
      where c.org_id = ${orgId} and e.user_id in (select id from page)
      group by e.user_id
    ),
    paid as (
      select o.user_id, sum(o.amount_cents)::bigint as cents from ${orders} o
      where o.org_id = ${orgId} and o.kind = 'course' and o.status = 'captured'
        and o.user_id in (select id from page)
      group by o.user_id
    )
    select p.id, p.full_name, p.email, p.total, coalesce(counts.n, 0) as courses, coalesce(paid.cents, 0) as cents
    from page p
    left join counts on counts.user_id = p.id
    left join paid on paid.user_id = p.id
    order by lower(p.full_name), p.id`);
  const found = rowsOf<{
    id: number;
    full_name: string;
    email: string;
    total: number;
    courses: number;
    cents: string | number;
  }>(result);
  const rows = found.map((r) => ({
    id: Number(r.id),
    full_name: r.full_name,
    email: r.email,
    courses: Number(r.courses),
    cents: Number(r.cents),
  }));
  if (found[0]) return { rows, total: Number(found[0].total) };
  if (!list.window || list.window.offset === 0) return { rows, total: 0 };
  const counted = await db.execute(sql`with ${members} select count(*)::int as n ${matching}`);
  return { rows, total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) };
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
