import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courses,
  lessons,
  pendingFileDeletions,
  quizAttemptAnswers,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
  sections,
  storedFiles,
} from '../../db/schema';

export type QuizRow = typeof quizzes.$inferSelect;
export type QuizSettings = Omit<typeof quizzes.$inferInsert, 'id' | 'lessonId' | 'createdAt' | 'updatedAt'>;
export type AttemptRow = typeof quizAttempts.$inferSelect;
export type AnswerRow = typeof quizAttemptAnswers.$inferSelect;

export type BankQuestion = {
  id: number;
  kind: (typeof quizQuestions.$inferSelect)['kind'];
  text: string;
  points: number;
  explanation: string;
  acceptedAnswers: string[];
  /** The stored image the question shows, or null (absent in snapshots taken before images). */
  imageKey?: string | null;
  options: { id: number; text: string; correct: boolean; explanation: string }[];
};

export type NewQuestion = Omit<BankQuestion, 'id' | 'options'> & {
  options: { text: string; correct: boolean; explanation: string }[];
};

export async function findQuizByLesson(db: Db, lessonId: number): Promise<QuizRow | undefined> {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.lessonId, lessonId));
  return row;
}

/** The quiz's bank of questions in order, each with its options in order: two queries. */
export async function listBank(db: Db, quizId: number): Promise<BankQuestion[]> {
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.orderNumber), asc(quizQuestions.id));
  if (questions.length === 0) return [];
  const options = await db
    .select()
    .from(quizOptions)
    .where(
      inArray(
        quizOptions.questionId,
        questions.map((q) => q.id),
      ),
    )
    .orderBy(asc(quizOptions.orderNumber), asc(quizOptions.id));
  return questions.map((q) => ({
    id: q.id,
    kind: q.kind,
    text: q.text,
    points: q.points,
    explanation: q.explanation,
    acceptedAnswers: q.acceptedAnswers,
    imageKey: q.imageKey,
    options: options
      .filter((o) => o.questionId === q.id)
      .map((o) => ({ id: o.id, text: o.text, correct: o.correct, explanation: o.explanation })),
  }));
}

/** How many questions the quiz's bank holds. */
export async function countQuestions(db: Db, quizId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  return Number(row?.n ?? 0);
}

/**
 * Writes a quiz lesson's settings and replaces its bank of questions (in `db`, a transaction): the quiz
 * row is made on the first save. Attempts keep their own snapshot, so nothing of theirs changes.
 */
export async function saveQuiz(
  db: Db,
  lessonId: number,
  settings: QuizSettings,
  questions: NewQuestion[],
): Promise<QuizRow> {
  const [quiz] = await db
    .insert(quizzes)
    .values({ lessonId, ...settings })
    .onConflictDoUpdate({ target: quizzes.lessonId, set: { ...settings, updatedAt: sql`now()` } })
    .returning();
  if (!quiz) throw new Error('insert quizzes returned no row');
  await db.delete(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
  const made = await db
    .insert(quizQuestions)
    .values(
      questions.map((q, index) => ({
        quizId: quiz.id,
        kind: q.kind,
        text: q.text,
        points: q.points,
        explanation: q.explanation,
        acceptedAnswers: q.acceptedAnswers,
        imageKey: q.imageKey ?? null,
        orderNumber: index + 1,
      })),
    )
    .returning({ id: quizQuestions.id, orderNumber: quizQuestions.orderNumber });
  const idOf = new Map(made.map((row) => [row.orderNumber, row.id]));
  const options = questions.flatMap((q, index) =>
    q.options.map((o, at) => ({
      questionId: idOf.get(index + 1) ?? 0,
      text: o.text,
      correct: o.correct,
      explanation: o.explanation,
      orderNumber: at + 1,
    })),
  );
  if (options.length > 0) await db.insert(quizOptions).values(options);
  return quiz;
}

/** The student's attempts at a quiz, first to last. */
export async function listAttempts(db: Db, quizId: number, userId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId)))
    .orderBy(asc(quizAttempts.number));
}

/** The student's latest attempt at a quiz, if any. */
export async function lastAttempt(db: Db, quizId: number, userId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId)))
    .orderBy(desc(quizAttempts.number))
    .limit(1);
  return row;
}

export async function insertAttempt(db: Db, values: typeof quizAttempts.$inferInsert): Promise<AttemptRow> {
  const [row] = await db.insert(quizAttempts).values(values).returning();
  if (!row) throw new Error('insert quiz_attempts returned no row');
  return row;
}

/**
 * An attempt with what its access needs: its quiz's lesson, course, school and certificate flag, and
 * whether the viewer is an instructor given the course.
 */
export async function findAttempt(db: Db, attemptId: number, viewerId = 0) {
  const [row] = await db
    .select({
      attempt: quizAttempts,
      lessonId: quizzes.lessonId,
      lessonTitle: lessons.title,
      showAnswers: quizzes.showAnswers,
      courseId: sections.courseId,
      orgId: courses.orgId,
      courseCertificate: courses.certificate,
      assigned: sql<boolean>`exists (select 1 from course_instructors ci
        where ci.user_id = ${viewerId} and ci.course_id = ${courses.id})`,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(quizAttempts.id, attemptId));
  return row;
}

export type AttemptWithFacts = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/**
 * Deletes a student's attempts at a quiz (their answers with them); answers how many, and the images
 * their snapshots kept.
 */
export async function deleteAttempts(
  db: Db,
  quizId: number,
  userId: number,
): Promise<{ deleted: number; imageKeys: string[] }> {
  const rows = await db
    .delete(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId)))
    .returning({ id: quizAttempts.id, questions: quizAttempts.questions });
  const imageKeys = rows.flatMap((row) =>
    (row.questions as BankQuestion[]).flatMap((q) => (q.imageKey ? [q.imageKey] : [])),
  );
  return { deleted: rows.length, imageKeys: [...new Set(imageKeys)] };
}

/** The images the quiz's questions show now. */
export async function listQuestionImageKeys(db: Db, quizId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: quizQuestions.imageKey })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.quizId, quizId), isNotNull(quizQuestions.imageKey)));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/**
 * Queues the deletion of images that questions of the quiz stopped showing (in `db`, the change's own
 * transaction), as the triggers of migration 0014 do for the other files: the key waits out its grace
 * period in pending_file_deletions, and its record stops counting against the school's storage. An image
 * that a question shows again, or that an attempt at the quiz keeps in its snapshot, is left alone: it is
 * still the school's, and the sweeper keeps it while an attempt names it.
 */
export async function queueUnusedImages(db: Db, quizId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const list = sql`string_to_array(${keys.join(',')}, ',')`;
  await db.execute(sql`
    with gone as (
      select k.key from unnest(${list}) as k(key)
      where not exists (select 1 from ${quizQuestions} q where q.image_key = k.key)
        and not exists (select 1 from ${quizAttempts} a where a.quiz_id = ${quizId}
          and a.questions @> jsonb_build_array(jsonb_build_object('imageKey', k.key)))
    ), queued as (
      insert into ${pendingFileDeletions} (file_key) select key from gone
      on conflict (file_key) do update set queued_at = excluded.queued_at
    )
    delete from ${storedFiles} where file_key in (select key from gone)`);
}

/**
 * Closes an in-progress attempt with its grade, once: the update takes the row only while it is still
 * in progress, so of two submissions racing, one closes it and the other gets undefined.
 */
export async function closeAttempt(
  db: Db,
  attemptId: number,
  result: {
    status: AttemptRow['status'];
    submittedAt: Date;
    score: number | null;
    passed: boolean | null;
  },
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .update(quizAttempts)
    .set(result)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.status, 'in_progress')))
    .returning();
  return row;
}

export async function insertAnswers(db: Db, rows: (typeof quizAttemptAnswers.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(quizAttemptAnswers).values(rows);
}

export async function listAnswers(db: Db, attemptId: number): Promise<AnswerRow[]> {
  return db.select().from(quizAttemptAnswers).where(eq(quizAttemptAnswers.attemptId, attemptId));
}

/** Grades one answer of an attempt that waits for grading; undefined when it does not (any more). */
export async function gradeAnswer(
  db: Db,
  key: { attemptId: number; questionId: number },
  grade: { points: number; comment: string; graderId: number },
): Promise<AnswerRow | undefined> {
  const [row] = await db
    .update(quizAttemptAnswers)
    .set({
      pointsAwarded: grade.points,
      graderComment: grade.comment,
      gradedBy: grade.graderId,
      gradedAt: sql`now()`,
    })
    .where(
      and(
        eq(quizAttemptAnswers.attemptId, key.attemptId),
        eq(quizAttemptAnswers.questionId, key.questionId),
        sql`exists (select 1 from ${quizAttempts} where ${quizAttempts.id} = ${key.attemptId}
          and ${quizAttempts.status} in ('needs_grading', 'graded'))`,
      ),
    )
    .returning();
  return row;
}

/**
 * Sets an attempt's score from its answers, in the statement itself: graded with its pass once every
 * answer has its points, else still waiting (the row is locked by the update, so two graders add up).
 */
export async function rescoreAttempt(db: Db, attemptId: number): Promise<AttemptRow | undefined> {
  const a = quizAttemptAnswers;
  const pending = sql`exists (select 1 from ${a} where ${a.attemptId} = ${attemptId} and ${a.pointsAwarded} is null)`;
  const total = sql`(select coalesce(sum(${a.pointsAwarded}), 0)::int from ${a} where ${a.attemptId} = ${attemptId})`;
  const [row] = await db
    .update(quizAttempts)
    .set({
      score: total,
      status: sql`case when ${pending} then 'needs_grading' else 'graded' end`,
      passed: sql`case when ${pending} then null else ${total} * 100 >= ${quizAttempts.passPercent} * ${quizAttempts.maxScore} end`,
    })
    .where(eq(quizAttempts.id, attemptId))
    .returning();
  return row;
}
