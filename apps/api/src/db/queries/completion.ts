import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../client';
import { lessonProgress, lessons, sections } from '../schema';

/**
 * The completion rule (DESIGN decision 11), written once: a course's lessons that count are its published
 * lessons in published sections, and a student has completed the course when it has at least one such
 * lesson and has completed every one of them.
 */

/** Whether a lesson counts, for a query over `lessons l join sections s`. */
export const countedLesson = sql`(s.published and l.published)`;

/**
 * Per course among `courseIds` (SQL naming a set of ids: a subquery or a list), its counted lessons
 * (`total`) and how many of them the student completed (`completed`): a subquery with the columns
 * course_id, total, completed, to be given an alias.
 */
export const courseCompletion = (userId: number | SQLWrapper, courseIds: SQL): SQL => sql`
  select s.course_id, count(l.id)::int as total,
    (count(p.lesson_id) filter (where p.completed))::int as completed
  from ${lessons} l
  join ${sections} s on s.id = l.section_id
  left join ${lessonProgress} p on p.lesson_id = l.id and p.user_id = ${userId}
  where s.course_id in (${courseIds}) and ${countedLesson}
  group by s.course_id`;

/**
 * A student's completed counted lessons per course: a subquery with the columns course_id and completed,
 * to be given an alias and joined on the course. The server reads it once per statement from the
 * student's own progress rows, not once per lesson of every course listed.
 */
export const completedByCourse = (userId: SQLWrapper | number): SQL => sql`
  select s.course_id, count(*)::int as completed
  from ${lessonProgress} p
  join ${lessons} l on l.id = p.lesson_id
  join ${sections} s on s.id = l.section_id
  where p.user_id = ${userId} and p.completed and ${countedLesson}
  group by s.course_id`;

/**
 * One course's `courseCompletion` as one value `[total, completed]` (an int[], null when the course has no
 * counted lesson): a scalar subquery for a list's select, which the server works out only for the rows of
 * the page, after its sort and limit. `completed` is the course's row of `completedByCourse`, joined by
 * the list (null when the student completed none).
 */
export const completionPair = (courseId: SQLWrapper, completed: SQLWrapper): SQL<[number, number] | null> =>
  sql<[number, number] | null>`(select case when count(*) = 0 then null
    else array[count(*)::int, coalesce(${completed}, 0)] end
    from ${lessons} l
    join ${sections} s on s.id = l.section_id
    where s.course_id = ${courseId} and ${countedLesson})`;

/** Whether the row `alias` of `courseCompletion` is a completed course. */
export const isCompleted = (alias: string): SQL =>
  sql`(${sql.identifier(alias)}.total > 0 and ${sql.identifier(alias)}.completed = ${sql.identifier(alias)}.total)`;

/** One student's counted lessons of one course and how many of them they completed. */
export async function completionOf(
  db: Db,
  userId: number,
  courseId: number,
): Promise<{ total: number; completed: number }> {
  const result = await db.execute(
    sql`select c.total, c.completed from (${courseCompletion(userId, sql`${courseId}`)}) as c`,
  );
  const [row] = rowsOf<{ total: unknown; completed: unknown }>(result);
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0) };
}

/**
 * Marks a lesson completed for a student (a quiz passed, docs/decisions/031), in `db` (the transaction
 * that graded the attempt): the first time only, keeping when it was first completed. Whether this
 * completed it now (so the course's certificate may be due).
 */
export async function recordLessonCompleted(db: Db, userId: number, lessonId: number): Promise<boolean> {
  const p = lessonProgress;
  const [row] = await db
    .insert(lessonProgress)
    .values({ userId, lessonId, started: true, completed: true, completedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [p.userId, p.lessonId],
      set: {
        completed: true,
        completedAt: sql`case when ${p.completed} then ${p.completedAt} else now() end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ newlyCompleted: sql<boolean>`(${p.completedAt} = now())` });
  return row?.newlyCompleted === true;
}
