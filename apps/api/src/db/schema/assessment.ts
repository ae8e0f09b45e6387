import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userIdColumn, users } from './accounts';
import { lessonIdColumn } from './catalogue';
import { createdAt, updatedAt } from './common';

/**
 * Quizzes (docs/decisions/031): one per quiz lesson (a lesson whose content_type is 'quiz'), its settings;
 * its questions, their options and accepted answers below. Attempts keep the questions as they were drawn
 * when they started (`quiz_attempts.questions`), so editing the quiz later changes no attempt.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: lessonIdColumn(),
    /** The share of the points an attempt needs to pass, in percent (0 to 100). */
    passPercent: integer('pass_percent').notNull().default(70),
    /** How many attempts a student has; null: unlimited. */
    attemptsAllowed: integer('attempts_allowed'),
    /** Seconds a student waits after an attempt before the next one. */
    waitSeconds: integer('wait_seconds').notNull().default(0),
    /** Seconds an attempt lasts, by the server's clock; null: no limit. */
    timeLimitSeconds: integer('time_limit_seconds'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** How many questions an attempt draws from the quiz's bank; null: all of them. */
    drawCount: integer('draw_count'),
    showAnswers: text('show_answers', { enum: ['never', 'after_each_attempt', 'after_passing'] })
      .notNull()
      .default('after_each_attempt'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quizzes_lesson_id_idx').on(t.lessonId),
    check('quizzes_pass_percent', sql`${t.passPercent} between 0 and 100`),
    check('quizzes_show_answers', sql`${t.showAnswers} in ('never', 'after_each_attempt', 'after_passing')`),
  ],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['single', 'multiple', 'true_false', 'short', 'open'] }).notNull(),
    text: text('text').notNull(),
    points: integer('points').notNull().default(1),
    explanation: text('explanation').notNull().default(''),
    /** A short answer's accepted answers, compared trimmed, without case, inner spaces collapsed. */
    acceptedAnswers: text('accepted_answers').array().notNull().default(sql`'{}'::text[]`),
    orderNumber: integer('order_number').notNull().default(1),
    /** The stored file of the question's image (a stored_files key of the school), or null. */
    imageKey: text('image_key'),
  },
  (t) => [
    index('quiz_questions_quiz_id_idx').on(t.quizId, t.orderNumber),
    // The file sweeper asks which stored keys a row still names.
    index('quiz_questions_image_key_idx').on(t.imageKey),
    check('quiz_questions_kind', sql`${t.kind} in ('single', 'multiple', 'true_false', 'short', 'open')`),
    check('quiz_questions_points', sql`${t.points} >= 0`),
  ],
);

export const quizOptions = pgTable(
  'quiz_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    correct: boolean('correct').notNull().default(false),
    explanation: text('explanation').notNull().default(''),
    orderNumber: integer('order_number').notNull().default(1),
  },
  (t) => [index('quiz_options_question_id_idx').on(t.questionId, t.orderNumber)],
);

/**
 * A student's attempt at a quiz. `questions` is the snapshot taken at its start: the drawn questions in
 * the order shown, options in the order shown, with their correct answers (never sent to the student
 * before the attempt is submitted). in_progress, then submitted (graded by the server), or needs_grading
 * (an open answer waits for the school) and then graded.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    /** 1 for the student's first attempt at the quiz, and so on. */
    number: integer('number').notNull(),
    status: text('status', { enum: ['in_progress', 'submitted', 'needs_grading', 'graded'] })
      .notNull()
      .default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the time limit runs out; null: no limit. */
    deadline: timestamp('deadline', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    questions: jsonb('questions').notNull(),
    score: integer('score'),
    maxScore: integer('max_score').notNull(),
    /** null until every answer is graded. */
    passed: boolean('passed'),
    passPercent: integer('pass_percent').notNull(),
  },
  (t) => [
    uniqueIndex('quiz_attempts_user_quiz_number_idx').on(t.userId, t.quizId, t.number),
    // One open attempt per student and quiz: two starts at once make one.
    uniqueIndex('quiz_attempts_open_idx').on(t.userId, t.quizId).where(sql`${t.status} = 'in_progress'`),
    index('quiz_attempts_quiz_id_idx').on(t.quizId, t.status),
    check(
      'quiz_attempts_status',
      sql`${t.status} in ('in_progress', 'submitted', 'needs_grading', 'graded')`,
    ),
  ],
);

/** An answer of a submitted attempt, per question of its snapshot (the question's id in the snapshot). */
export const quizAttemptAnswers = pgTable(
  'quiz_attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    /** What the student gave: { option_Ids } or { text }; null when the question was left out. */
    answer: jsonb('answer'),
    /** null while an open answer waits for the school. */
    pointsAwarded: integer('points_awarded'),
    graderComment: text('grader_comment'),
    gradedBy: integer('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
