import { HARDEST_QUESTIONS, type Paged, type QuestionKind, SCORE_BUCKETS } from '@skillwise/contracts';
import { and, asc, count, countDistinct, eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import {
  courses,
  lessons,
  quizAttemptAnswers,
  quizAttempts,
  quizzes,
  sections,
  users,
} from '../../db/schema';
import type { ListQuery } from '../../lib/paging';

/**
 * The school's side of quizzes (docs/decisions/034), each list one query for its page (and one for its
 * count when the page cannot tell): the grading queue, a quiz's students, its summary, a student's attempts.
 */

const a = quizAttempts;

/** An attempt whose pass is decided (graded by the server, or by the school to its last answer). */
const decided = sql`${a.status} in ('submitted', 'graded')`;

/** A score in whole percent of its attempt's points (0 when it has none), in SQL. */
const percentOf = sql`case when ${a.maxScore} > 0 then floor(${a.score} * 100.0 / ${a.maxScore}) else 0 end`;

/** Attempts joined to their quiz's lesson, section and course, and to their student. */
function withCourseAndStudent<T extends PgSelect>(query: T) {
  return query
    .innerJoin(quizzes, eq(quizzes.id, a.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(users, eq(users.id, a.userId));
}

export type QueueRow = {
  attemptId: number;
  number: number;
  submittedAt: Date | null;
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonTitle: string;
  userId: number;
  studentName: string;
  studentEmail: string;
  waiting: number;
};

/**
 * The attempts of a school's quizzes waiting for grading, oldest submission first, optionally of one
 * course, searched on the student's name or e-mail and the quiz's or course's title: with their course, quiz lesson and student, and how many open answers still wait.
 */
export async function listGradingQueue(
  db: Db,
  orgId: number,
  courseId: number | undefined,
  /** An instructor's queue (docs/decisions/039): the attempts of the courses given to them only. */
  instructorId: number | undefined,
  list: ListQuery,
): Promise<Paged<QueueRow>> {
  const where = and(
    eq(courses.orgId, orgId),
    eq(a.status, 'needs_grading'),
    courseId === undefined ? undefined : eq(courses.id, courseId),
    instructorId === undefined
      ? undefined
      : sql`${courses.id} in (select ci.course_id from course_instructors ci where ci.user_id = ${instructorId})`,
    containsText(list.search, users.fullName, users.email, lessons.title, courses.title),
  );
  const query = db
    .select({
      attemptId: a.id,
      number: a.number,
      submittedAt: a.submittedAt,
      courseId: courses.id,
      courseTitle: courses.title,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      userId: users.id,
      studentName: users.fullName,
      studentEmail: users.email,
      waiting: sql<number>`(select count(*)::int from ${quizAttemptAnswers} x
        where x.attempt_id = ${a.id} and x.points_awarded is null)`,
    })
    .from(a)
    .$dynamic();
  return pageOfQuery(
    withCourseAndStudent(query).where(where).orderBy(asc(a.submittedAt), asc(a.id)),
    list.window,
    async () => {
      const [row] = await withCourseAndStudent(db.select({ n: count() }).from(a).$dynamic()).where(where);
      return Number(row?.n ?? 0);
    },
  );
}

export type StudentResultRow = {
  userId: number;
  studentName: string;
  studentEmail: string;
  attempts: number;
  bestScore: number | null;
  maxScore: number | null;
  bestPercent: number | null;
  lastAttemptAt: Date;
  passed: boolean;
  waiting: boolean;
};

/**
 * The students who attempted a quiz, by name, searched on their name or e-mail: each with its number of
 * attempts, its best decided attempt (by percent) and whether any passed or waits for grading.
 */
export async function listQuizStudents(
  db: Db,
  quizId: number,
  list: ListQuery,
): Promise<Paged<StudentResultRow>> {
  const where = and(eq(a.quizId, quizId), containsText(list.search, users.fullName, users.email));
  // The best decided attempt's score and points: the first by percent, then by score.
  const best = (column: SQL) =>
    sql`(array_agg(${column} order by ${percentOf} desc, ${a.score} desc) filter (where ${decided}))[1]`;
  const query = db
    .select({
      userId: users.id,
      studentName: users.fullName,
      studentEmail: users.email,
      attempts: sql<number>`count(*)::int`,
      bestScore: sql<number | null>`${best(sql`${a.score}`)}::int`,
      maxScore: sql<number | null>`${best(sql`${a.maxScore}`)}::int`,
      bestPercent: sql<number | null>`(max(${percentOf}) filter (where ${decided}))::int`,
      lastAttemptAt: sql<Date>`max(coalesce(${a.submittedAt}, ${a.startedAt}))`.mapWith(
        (value: string | Date) => new Date(value),
      ),
      passed: sql<boolean>`coalesce(bool_or(${a.passed}), false)`,
      waiting: sql<boolean>`bool_or(${a.status} = 'needs_grading')`,
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.userId))
    .where(where)
    .groupBy(users.id, users.fullName, users.email)
    .orderBy(asc(users.fullName), asc(users.id))
    .$dynamic();
  return pageOfQuery(query, list.window, async () => {
    const [row] = await db
      .select({ n: countDistinct(a.userId) })
      .from(a)
      .innerJoin(users, eq(users.id, a.userId))
      .where(where);
    return Number(row?.n ?? 0);
  });
}

export type QuizFigures = {
  attempts: number;
  students: number;
  gradedStudents: number;
  passedStudents: number;
  buckets: number[];
  hardest: { text: string; kind: QuestionKind; answers: number; fullPoints: number }[];
};

/**
 * A quiz's figures in three statements whatever its number of attempts: attempts and students; each
 * student's best decided percent, counted in SCORE_BUCKETS buckets, and whether it passed; and the
 * questions (by text and kind, as the attempts kept them: question ids change on every save) whose
 * graded answers earned full points least often.
 */
export async function quizFigures(db: Db, quizId: number): Promise<QuizFigures> {
  const [totals] = await db
    .select({
      attempts: sql<number>`count(*)::int`,
      students: sql<number>`count(distinct ${a.userId})::int`,
    })
    .from(a)
    .where(and(eq(a.quizId, quizId), sql`${a.status} <> 'in_progress'`));
  const perStudent = rowsOf<{ bucket: number | null; students: number; passed: number }>(
    await db.execute(sql`
      with per as (
        select ${a.userId} as user_id, max(${percentOf}) as best, bool_or(coalesce(${a.passed}, false)) as passed
          from ${a} where ${a.quizId} = ${quizId} and ${decided}
         group by ${a.userId}
      )
      select least(floor(best / 10), ${SCORE_BUCKETS - 1})::int as bucket, count(*)::int as students,
             (count(*) filter (where passed))::int as passed
        from per group by 1`),
  );
  const buckets = Array.from({ length: SCORE_BUCKETS }, () => 0);
  let gradedStudents = 0;
  let passedStudents = 0;
  for (const row of perStudent) {
    const at = Math.max(0, Math.min(SCORE_BUCKETS - 1, Number(row.bucket ?? 0)));
    buckets[at] = (buckets[at] ?? 0) + Number(row.students);
    gradedStudents += Number(row.students);
    passedStudents += Number(row.passed);
  }
  const hardest = rowsOf<{ text: string; kind: QuestionKind; answers: number; full_points: number }>(
    await db.execute(sql`
      select q->>'text' as text, q->>'kind' as kind, count(*)::int as answers,
             (count(*) filter (where x.points_awarded >= (q->>'points')::int))::int as full_points
        from ${a}
        cross join lateral jsonb_array_elements(${a.questions}) as q
        join ${quizAttemptAnswers} x on x.attempt_id = ${a.id} and x.question_id = (q->>'id')::int
       where ${a.quizId} = ${quizId} and x.points_awarded is not null
       group by 1, 2
       order by (count(*) filter (where x.points_awarded >= (q->>'points')::int))::float / count(*), count(*) desc, 1
       limit ${HARDEST_QUESTIONS}`),
  );
  return {
    attempts: Number(totals?.attempts ?? 0),
    students: Number(totals?.students ?? 0),
    gradedStudents,
    passedStudents,
    buckets,
    hardest: hardest.map((h) => ({
      text: h.text,
      kind: h.kind,
      answers: Number(h.answers),
      fullPoints: Number(h.full_points),
    })),
  };
}

/** The quiz lesson's course: its id and title (for the summary's heading). */
export async function findQuizCourse(db: Db, lessonId: number) {
  const [row] = await db
    .select({ courseId: courses.id, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(lessons.id, lessonId));
  return row;
}

export type StudentAttemptRow = typeof quizAttempts.$inferSelect & { lessonId: number; lessonTitle: string };

/**
 * A student's attempts at a course's quizzes, or at one quiz lesson: in the course's order of sections
 * and lessons, each quiz's first to last.
 */
export async function listStudentAttempts(
  db: Db,
  userId: number,
  of: { courseId: number } | { lessonId: number },
): Promise<StudentAttemptRow[]> {
  const rows = await db
    .select({ attempt: a, lessonId: lessons.id, lessonTitle: lessons.title })
    .from(a)
    .innerJoin(quizzes, eq(quizzes.id, a.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .where(
      and(
        eq(a.userId, userId),
        'courseId' in of ? eq(sections.courseId, of.courseId) : eq(lessons.id, of.lessonId),
      ),
    )
    .orderBy(
      asc(sections.orderNumber),
      asc(sections.id),
      asc(lessons.orderNumber),
      asc(lessons.id),
      asc(a.number),
    );
  return rows.map((row) => ({ ...row.attempt, lessonId: row.lessonId, lessonTitle: row.lessonTitle }));
}
