import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { assignedTo } from '../../db/queries/team';
import { courses, enrolments, lessonProgress, lessons, sections, users } from '../../db/schema';

/**
 * What the access rules (access.ts) decide on, read in one query per kind of thing whatever the number of
 * ids: each answer is keyed by id, and an id that names nothing is absent.
 */

const MAX_ID = 2 ** 31 - 1;

/**
 * Many ids as one text parameter ('1,2,3'), so a prepared statement serves a batch of any size. What
 * cannot be a row's id (not a whole number, or past the integer column's range) names nothing.
 */
const idList = (ids: readonly number[]) =>
  ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID).join(',');
const anyId = sql`any(string_to_array(${sql.placeholder('ids')}, ',')::int[])`;
const viewer = sql.placeholder('viewerId');

export type CourseRow = typeof courses.$inferSelect;
export type CourseFacts = CourseRow & { enrolled: boolean; assigned: boolean };

const courseFactsQuery = prepared((db) =>
  db
    .select({
      ...getTableColumns(courses),
      // Spelled out in full: a one-table query's columns are written unqualified, which a subquery
      // would read as its own table's.
      enrolled: sql<boolean>`exists (select 1 from enrolments e
        where e.user_id = ${viewer} and e.course_id = courses.id)`,
      assigned: assignedTo(sql`courses.id`),
    })
    .from(courses)
    .where(sql`${courses.id} = ${anyId}`)
    .prepare('access_courses'),
);

/** Courses with whether the viewer (0 for a visitor) is enrolled in each, and whether it is given it to teach. */
export async function findCourseFacts(
  db: Db,
  viewerId: number,
  ids: readonly number[],
): Promise<Map<number, CourseFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await courseFactsQuery(db).execute({ ids: idList(ids), viewerId });
  return new Map(rows.map((row) => [row.id, row]));
}

export type SectionRow = typeof sections.$inferSelect;
export type SectionFacts = SectionRow & { orgId: number; coursePublished: boolean; assigned: boolean };

/** Sections with their course's organisation and state, and whether the viewer is given the course to teach. */
export async function findSectionFacts(
  db: Db,
  viewerId: number,
  ids: readonly number[],
): Promise<Map<number, SectionFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      ...getTableColumns(sections),
      orgId: courses.orgId,
      coursePublished: courses.published,
      assigned: sql<boolean>`exists (select 1 from course_instructors ci
        where ci.user_id = ${viewerId} and ci.course_id = ${courses.id})`,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(sql`${sections.id} = any(string_to_array(${idList(ids)}, ',')::int[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

export type LessonRow = typeof lessons.$inferSelect;

/**
 * Everything a lesson's access needs, in one prepared query (the media route asks it for every signed URL
 * not remembered): the lesson with its file, its course, organisation and certificate flag, whether it is
 * visible (it, its section and its course published), and the viewer (0 for a visitor): whether it exists,
 * its role, organisation and team role, whether it is given the course to teach, and whether it is
 * enrolled in the course. For its release (docs/decisions/032):
 * the section's schedule, the viewer's enrolment start and release_all, and, only in a course whose lessons
 * open in order, whether an earlier lesson (a published lesson of a published section, by section order
 * then lesson order) is not completed by the viewer.
 */
const lessonFactsQuery = prepared((db) =>
  db
    .select({
      lesson: lessons,
      courseId: sections.courseId,
      orgId: courses.orgId,
      courseCertificate: courses.certificate,
      visible: sql<boolean>`(${lessons.published} and ${sections.published} and ${courses.published})`,
      viewerKnown: sql<boolean>`(${users.id} is not null)`,
      viewerRoleId: users.roleId,
      viewerOrgId: users.orgId,
      viewerTeamRole: users.teamRole,
      assigned: assignedTo(sql`${courses.id}`),
      enrolled: sql<boolean>`(${enrolments.id} is not null)`,
      release: {
        mode: sections.releaseMode,
        at: sections.releaseAt,
        days: sections.releaseDays,
      },
      enrolledAt: enrolments.createdAt,
      releaseStartAt: enrolments.releaseStartAt,
      releaseAll: sql<boolean>`coalesce(${enrolments.releaseAll}, false)`,
      waitsOnEarlier: sql<boolean>`(case when ${courses.lessonsInOrder} and ${enrolments.id} is not null
        then exists (select 1 from lessons el join sections es on es.id = el.section_id
          left join lesson_progress ep on ep.lesson_id = el.id and ep.user_id = ${viewer}
          where es.course_id = ${courses.id} and es.published and el.published
            and (es.order_number, es.id, el.order_number, el.id)
              < (${sections.orderNumber}, ${sections.id}, ${lessons.orderNumber}, ${lessons.id})
            and not coalesce(ep.completed, false))
        else false end)`,
    })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(users, eq(users.id, viewer))
    .leftJoin(enrolments, and(eq(enrolments.userId, viewer), eq(enrolments.courseId, courses.id)))
    .where(sql`${lessons.id} = ${anyId}`)
    .prepare('access_lessons'),
);

export type LessonFacts = Awaited<ReturnType<ReturnType<typeof lessonFactsQuery>['execute']>>[number];

export async function findLessonFacts(
  db: Db,
  viewerId: number,
  ids: readonly number[],
): Promise<Map<number, LessonFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await lessonFactsQuery(db).execute({ ids: idList(ids), viewerId });
  return new Map(rows.map((row) => [row.lesson.id, row]));
}

export type UserRow = typeof users.$inferSelect;
export type UserFacts = UserRow & { member: boolean };

const userFactsQuery = prepared((db) =>
  db
    .select({
      ...getTableColumns(users),
      // Spelled out in full, as in courseFactsQuery.
      member: sql<boolean>`exists (select 1 from org_members m
        where m.org_id = ${sql.placeholder('orgId')} and m.user_id = users.id)`,
    })
    .from(users)
    .where(sql`${users.id} = ${anyId}`)
    .prepare('access_users'),
);

/** Accounts with whether each is one of the organisation's students (org_members); orgId 0 for none. */
export async function findUserFacts(
  db: Db,
  orgId: number,
  ids: readonly number[],
): Promise<Map<number, UserFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await userFactsQuery(db).execute({ ids: idList(ids), orgId });
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A course's counted lessons (published, in published sections), in course order, with what their
 * release needs for one student (docs/decisions/032): the section's schedule, whether the student
 * started and completed the lesson, and the student's enrolment start and release_all. One prepared query
 * for the whole course: every student's curriculum and progress read it.
 */
const courseReleaseFactsQuery = prepared((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      lessonId: lessons.id,
      preview: lessons.preview,
      release: { mode: sections.releaseMode, at: sections.releaseAt, days: sections.releaseDays },
      lessonsInOrder: courses.lessonsInOrder,
      enrolledAt: enrolments.createdAt,
      releaseStartAt: enrolments.releaseStartAt,
      releaseAll: sql<boolean>`coalesce(${enrolments.releaseAll}, false)`,
      started: sql<boolean>`coalesce(${lessonProgress.started}, false)`,
      completed: sql<boolean>`coalesce(${lessonProgress.completed}, false)`,
    })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(enrolments, and(eq(enrolments.userId, userId), eq(enrolments.courseId, courses.id)))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(
      and(
        eq(courses.id, sql.placeholder('courseId')),
        eq(sections.published, true),
        eq(lessons.published, true),
      ),
    )
    .orderBy(asc(sections.orderNumber), asc(sections.id), asc(lessons.orderNumber), asc(lessons.id))
    .prepare('course_release_facts');
});

export async function findCourseReleaseFacts(db: Db, userId: number, courseId: number) {
  return courseReleaseFactsQuery(db).execute({ userId, courseId });
}
