import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { lessons, sections } from '../src/db/schema';
import { createCourse, type TestUser } from './factories';
import type { TestContext } from './helpers';
import { fixtures, upload } from './uploads';

/**
 * A published course of `owner`'s school whose one published section holds a published quiz lesson, made
 * through lessons/createLessons (no quiz saved yet); a preview lesson with `preview`.
 */
export async function createQuizLesson(
  ctx: TestContext,
  owner: TestUser,
  options: { preview?: boolean; courseTitle?: string; lessonTitle?: string } = {},
) {
  const { db } = ctx.database;
  const course = await createCourse(
    ctx,
    owner.orgId ?? 0,
    options.courseTitle ? { title: options.courseTitle } : {},
  );
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'Check', published: true, orderNumber: 1 })
    .returning();
  const made = await upload(ctx.app, 'POST', '/api/lessons/createLessons', owner.token, {
    'Object.lesson_Id': 0,
    'Object.lesson_title': options.lessonTitle ?? 'Check yourself',
    'Object.contentType': 'quiz',
    'Object.section_Id': section?.id ?? 0,
  });
  expect(made.statusCode, made.body).toBe(201);
  const lessonId: number = made.json().lesson_Id;
  expect(made.json().contentType).toBe('quiz');
  await db
    .update(lessons)
    .set({ published: true, preview: options.preview ?? false })
    .where(eq(lessons.id, lessonId));
  return { courseId: course.id, sectionId: section?.id ?? 0, lessonId };
}

/** A PNG uploaded for a quiz lesson's question by `owner` (quizzes/UploadQuestionImage): its key. */
export async function uploadQuestionImage(
  ctx: TestContext,
  owner: TestUser,
  lessonId: number,
  data: Buffer = fixtures.png(),
  filename = 'diagram.png',
): Promise<string> {
  const uploaded = await upload(
    ctx.app,
    'POST',
    '/api/quizzes/UploadQuestionImage',
    owner.token,
    { lesson_Id: lessonId },
    { field: 'file', filename, contentType: 'image/png', data },
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json().image_key;
}
