import { createReadStream } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@skillwise/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto';
import { DEMO_FILES } from '../lib/paths';
import { type FileStorage, newFileKey } from '../lib/storage';
import type { Db } from './client';
import { assignCourse } from './queries/team';
import {
  authors,
  categories,
  courses,
  enrolments,
  lessons,
  organisations,
  planPrices,
  quizOptions,
  quizQuestions,
  quizzes,
  sections,
  subscriptions,
  users,
} from './schema';

export type DemoAccount = { role: string; email: string; password: string };

/** Demo accounts; their passwords are printed at start-up and stored only as hashes. */
export const DEMO_ACCOUNTS = {
  publisher: { role: 'Publisher', email: 'publisher@example.com', password: 'publisher123' },
  student: { role: 'Student', email: 'student@example.com', password: 'student123' },
  /** On the demo school's team as an instructor, given the free course (docs/decisions/039). */
  instructor: { role: 'Instructor', email: 'instructor@example.com', password: 'instructor123' },
} as const satisfies Record<string, DemoAccount>;

/** Any account at all: the demo is loaded into an empty database only. */
const hasAccounts = async (db: Db) => ((await db.select({ n: count() }).from(users))[0]?.n ?? 0) > 0;

/** Instances starting together on one PostgreSQL server take turns at loading the demo. */
const SEED_LOCK = 727275;

/**
 * Loads demo content into an empty database: an organisation with a running Growth subscription and its
 * publisher, a student, and (given storage for the files) two published courses. Does nothing when any
 * account exists. Answers the accounts it created. Everything goes in one transaction under an advisory
 * lock, so two instances starting at once load it once, and a failure leaves nothing half-made (the
 * files it stored are removed again).
 */
export async function seedDemo(db: Db, storage?: FileStorage, now = new Date()): Promise<DemoAccount[]> {
  if (await hasAccounts(db)) return [];
  const { publisher, student, instructor } = DEMO_ACCOUNTS;
  const [publisherHash, studentHash, instructorHash] = await Promise.all([
    hashPassword(publisher.password),
    hashPassword(student.password),
    hashPassword(instructor.password),
  ]);
  const files = storage ? await storeDemoFiles(storage) : undefined;
  let seeded = false;
  try {
    seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasAccounts(tx)) return false;
      const [org] = await tx
        .insert(organisations)
        .values({
          name: 'Demo Academy',
          url: 'https://demo-academy.example.com',
          description: 'A demo school with a running Growth subscription.',
          primaryEmail: publisher.email,
        })
        .returning({ id: organisations.id });
      if (!org) throw new Error('seed: no organisation');
      await tx.insert(users).values([
        {
          email: publisher.email,
          passwordHash: publisherHash,
          fullName: 'Demo Publisher',
          roleId: ROLE.PUBLISHER,
          orgId: org.id,
          isActive: true,
          verified: true,
        },
        {
          email: student.email,
          passwordHash: studentHash,
          fullName: 'Demo Student',
          roleId: ROLE.STUDENT,
          isActive: true,
          verified: true,
        },
        {
          email: instructor.email,
          passwordHash: instructorHash,
          fullName: 'Demo Instructor',
          roleId: ROLE.PUBLISHER,
          orgId: org.id,
          teamRole: 'instructor',
          isActive: true,
          verified: true,
        },
      ]);
      const [price] = await tx.select().from(planPrices).where(eq(planPrices.category, 'AnnualGrowth'));
      if (!price) throw new Error('seed: plan prices missing; were the migrations run?');
      const periodEnd = new Date(now);
      periodEnd.setMonth(periodEnd.getMonth() + price.months);
      await tx
        .insert(subscriptions)
        .values({ orgId: org.id, planPriceId: price.id, periodStart: now, periodEnd });
      if (files) await seedDemoCourses(tx, org.id, files);
      return true;
    });
  } finally {
    if (!seeded && storage && files)
      await Promise.all(Object.values(files).map((f) => storage.delete(f.key)));
  }
  return seeded ? [publisher, student, instructor] : [];
}

type StoredFile = { key: string; size: number };

type DemoFiles = Record<'cover1' | 'cover2' | 'photo' | 'video' | 'guide', StoredFile>;

/** The demo courses' files, stored under generated keys before the transaction that names them. */
async function storeDemoFiles(storage: FileStorage): Promise<DemoFiles> {
  const stored: string[] = [];
  const put = async (name: string, extension: string): Promise<StoredFile> => {
    const key = newFileKey(extension);
    stored.push(key);
    const size = await storage.put(key, createReadStream(path.join(DEMO_FILES, name)));
    return { key, size };
  };
  try {
    return {
      cover1: await put('cover-1.png', 'png'),
      cover2: await put('cover-2.png', 'png'),
      photo: await put('author.jpg', 'jpg'),
      video: await put('intro.mp4', 'mp4'),
      guide: await put('guide.pdf', 'pdf'),
    };
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  }
}

/**
 * Two published courses so the catalogue, the course pages and the student area have something to
 * show: a paid one with a preview video, and a free one the demo student is enrolled in, which ends with
 * a short quiz anyone may try from its page.
 */
async function seedDemoCourses(tx: Db, orgId: number, files: DemoFiles) {
  const { cover1, cover2, photo, video, guide } = files;
  const [category] = await tx
    .insert(categories)
    .values({ orgId, name: 'Getting started', description: 'First steps for new learners.' })
    .returning();
  const [author] = await tx
    .insert(authors)
    .values({
      orgId,
      firstName: 'Maya',
      lastName: 'Lindqvist',
      gender: 'F',
      email: 'maya@example.com',
      bio: 'Photographer and teacher who has helped thousands of beginners see the world differently.',
      photoKey: photo.key,
    })
    .returning();
  if (!category || !author) throw new Error('seed: no category or author');

  const addCourse = async (values: {
    title: string;
    description: string;
    imageKey: string;
    priceCents: number;
    priceTypeId: number;
  }) => {
    const [row] = await tx
      .insert(courses)
      .values({
        orgId,
        categoryId: category.id,
        authorId: author.id,
        published: true,
        certificate: true,
        ...values,
      })
      .returning();
    if (!row) throw new Error('seed: no course');
    return row.id;
  };
  const addSection = async (courseId: number, name: string, orderNumber: number) => {
    const [row] = await tx
      .insert(sections)
      .values({ courseId, name, orderNumber, published: true })
      .returning();
    if (!row) throw new Error('seed: no section');
    return row.id;
  };
  const addLesson = (
    sectionId: number,
    title: string,
    orderNumber: number,
    file: StoredFile,
    kind: 'video' | 'pdf',
    preview = false,
  ) =>
    tx.insert(lessons).values({
      sectionId,
      title,
      orderNumber,
      contentType: kind,
      fileKey: file.key,
      fileMime: kind === 'video' ? 'video/mp4' : 'application/pdf',
      fileSize: file.size,
      published: true,
      preview,
    });

  const photography = await addCourse({
    title: 'Creative Photography Basics',
    description:
      'Learn to see light, frame a scene and tell a story with any camera, your phone included. Short video lessons and a printable guide take you from your first snapshot to photos you are proud to share.',
    imageKey: cover1.key,
    priceCents: 2900,
    priceTypeId: 2,
  });
  const intro = await addSection(photography, 'Introduction', 1);
  await addLesson(intro, 'Welcome to the course', 1, video, 'video', true);
  await addLesson(intro, 'Course guide', 2, guide, 'pdf');
  const practice = await addSection(photography, 'Practice', 2);
  await addLesson(practice, 'Your first assignment', 1, video, 'video');

  const study = await addCourse({
    title: 'Study Skills Starter',
    description:
      'A free mini-course on planning your learning, taking notes that stick and keeping a steady pace.',
    imageKey: cover2.key,
    priceCents: 0,
    priceTypeId: 1,
  });
  const basics = await addSection(study, 'Basics', 1);
  await addLesson(basics, 'How to use this platform', 1, guide, 'pdf', true);
  await addLesson(basics, 'Planning your week', 2, video, 'video');
  const check = await addSection(study, 'Check yourself', 2);
  await addStudyQuiz(tx, check);

  const [demoStudent] = await tx.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.student.email));
  if (demoStudent)
    await tx.insert(enrolments).values({ userId: demoStudent.id, courseId: study, source: 'free' });
  const [demoInstructor] = await tx
    .select()
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.instructor.email));
  if (demoInstructor) await assignCourse(tx, demoInstructor.id, study);
}

/** The free course's quiz (docs/decisions/031): one question of three kinds, a preview anyone may try. */
async function addStudyQuiz(tx: Db, sectionId: number) {
  const [lesson] = await tx
    .insert(lessons)
    .values({
      sectionId,
      title: 'Study skills quiz',
      orderNumber: 1,
      contentType: 'quiz',
      published: true,
      preview: true,
    })
    .returning();
  if (!lesson) throw new Error('seed: no quiz lesson');
  const [quiz] = await tx.insert(quizzes).values({ lessonId: lesson.id, passPercent: 60 }).returning();
  if (!quiz) throw new Error('seed: no quiz');
  const questions: {
    kind: 'single' | 'true_false' | 'short';
    text: string;
    explanation: string;
    options?: { text: string; correct: boolean }[];
    acceptedAnswers?: string[];
  }[] = [
    {
      kind: 'single',
      text: 'When do notes help you most?',
      explanation: 'Notes you read again within a day keep far more of the lesson than notes left alone.',
      options: [
        { text: 'When you read them again within a day', correct: true },
        { text: 'When they copy the lesson word for word', correct: false },
        { text: 'When you write them after the exam', correct: false },
      ],
    },
    {
      kind: 'true_false',
      text: 'A steady hour a day beats a whole day once a week.',
      explanation: 'Spaced practice is remembered better than the same time in one sitting.',
      options: [
        { text: 'True', correct: true },
        { text: 'False', correct: false },
      ],
    },
    {
      kind: 'short',
      text: 'How many days are there in the week you plan?',
      explanation: 'Seven: plan the whole week, rest days included.',
      acceptedAnswers: ['7', 'seven'],
    },
  ];
  for (const [index, question] of questions.entries()) {
    const [row] = await tx
      .insert(quizQuestions)
      .values({
        quizId: quiz.id,
        kind: question.kind,
        text: question.text,
        explanation: question.explanation,
        acceptedAnswers: question.acceptedAnswers ?? [],
        orderNumber: index + 1,
      })
      .returning();
    if (!row) throw new Error('seed: no quiz question');
    if (question.options) {
      await tx.insert(quizOptions).values(
        question.options.map((option, order) => ({
          questionId: row.id,
          ...option,
          orderNumber: order + 1,
        })),
      );
    }
  }
}
