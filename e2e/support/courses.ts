import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect } from './fixtures';

export const PUBLISHER = { email: 'publisher@example.com', password: 'publisher123' };
export const DEMO_STUDENT = { email: 'student@example.com', password: 'student123' };

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);
export const fixtureFile = (name: string, mimeType: string) => ({
  name,
  mimeType,
  buffer: readFileSync(fixture(name)),
});

export type LessonSpec = {
  title: string;
  type: 'video' | 'pdf' | 'audio' | 'text';
  published?: boolean;
};

const FILES = {
  video: () => fixtureFile('lesson.mp4', 'video/mp4'),
  pdf: () => fixtureFile('lesson.pdf', 'application/pdf'),
  audio: () => fixtureFile('lesson.wav', 'audio/wav'),
  text: () => fixtureFile('lesson.txt', 'text/plain'),
} as const;

/** The demo publisher's API, signed in. */
export async function publisherApi(api: APIRequestContext) {
  const login = await api.post('/api/users/Login', {
    data: { username: PUBLISHER.email, password: PUBLISHER.password },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const ok = async <T>(response: Promise<APIResponse>): Promise<T> => {
    const answer = await response;
    expect(answer.ok(), `${answer.url()} answered ${answer.status()}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return { headers, ok };
}

/**
 * A course of the demo publisher, made through the API: category, author, cover, one section (published
 * unless said otherwise) with the given lessons (each published unless said otherwise), published or left
 * a draft.
 */
export async function createCourse(
  api: APIRequestContext,
  options: {
    title: string;
    unique: string;
    lessons: LessonSpec[];
    published: boolean;
    price?: string;
    /** Whether completing the course issues a certificate (no unless said). */
    certificate?: boolean;
    /** Whether its section is published (yes unless said). */
    sectionPublished?: boolean;
  },
) {
  const { headers, ok } = await publisherApi(api);
  const category = await ok<{ category_Id: number }>(
    api.post('/api/coursecategory/CreateCourseCategory', {
      headers,
      data: { category_name: `Seamanship ${options.unique}`, category_description: 'Charts and knots.' },
    }),
  );
  const author = await ok<{ author_id: number }>(
    api.post('/api/authors/CreateAuthors', {
      headers,
      multipart: {
        'Object.first_name': 'Marina',
        'Object.last_name': `Knotts ${options.unique}`,
        'Object.gender': 'F',
        'Object.email_address': `marina.${options.unique}@example.com`,
        'Object.phone_number': '2025550123',
        'Object.bio': 'Ties knots and teaches them.',
        fileName: fixtureFile('author.jpg', 'image/jpeg'),
      },
    }),
  );
  const priceTypes = await ok<Array<{ price_type_Id: number; price_type_name: string }>>(
    api.get('/api/pricetype/GetAllPriceTypes', { headers }),
  );
  const paid = priceTypes.find((type) => type.price_type_name === 'Paid') ?? priceTypes[0];
  const course = await ok<{ course_Id: number }>(
    api.post('/api/courses/createCourse', {
      headers,
      multipart: {
        'Object.course_title': options.title,
        'Object.course_description': 'Knots, charts and the sounds of the harbour, in every kind of lesson.',
        'Object.price': options.price ?? '12.00',
        'Object.price_type_Id': String(paid?.price_type_Id),
        'Object.certificate': options.certificate ? 'true' : 'false',
        'Object.category_id': String(category.category_Id),
        'Object.author_id': String(author.author_id),
        fileName: fixtureFile('cover.png', 'image/png'),
      },
    }),
  );
  const section = await ok<{ section_Id: number }>(
    api.post('/api/courseSections/InsertCourseSections', {
      headers,
      data: { course_id: course.course_Id, section_name: 'All kinds of lessons', order_number: 1 },
    }),
  );
  const lessonIds: Record<string, number> = {};
  for (const lesson of options.lessons) {
    const saved = await ok<{ lesson_Id: number }>(
      api.post('/api/lessons/createLessons', {
        headers,
        multipart: {
          'Object.lesson_Id': '0',
          'Object.lesson_title': lesson.title,
          'Object.contentType': lesson.type,
          'Object.section_Id': String(section.section_Id),
          fileName: FILES[lesson.type](),
        },
      }),
    );
    lessonIds[lesson.title] = saved.lesson_Id;
    if (lesson.published !== false) {
      await ok(
        api.put('/api/lessons/publishUnpublishLesson', {
          headers,
          data: { Id: saved.lesson_Id, published: true },
        }),
      );
    }
  }
  if (options.sectionPublished !== false) {
    await ok(
      api.put('/api/courseSections/publishUnpublishSection', {
        headers,
        data: { Id: section.section_Id, published: true },
      }),
    );
  }
  if (options.published) {
    await ok(
      api.put('/api/courses/publishUnpublishCourse', {
        headers,
        data: { Id: course.course_Id, published: true },
      }),
    );
  }
  return { courseId: course.course_Id, authorId: author.author_id, sectionId: section.section_Id, lessonIds };
}

/**
 * Unpublishes a journey's course once it is done with it: the demo school's plan allows 15 published
 * courses, and every journey shares that school.
 */
export async function unpublishCourse(api: APIRequestContext, courseId: number) {
  const { headers } = await publisherApi(api);
  const answer = await api.put('/api/courses/publishUnpublishCourse', {
    headers,
    data: { Id: courseId, published: false },
  });
  expect(answer.ok()).toBe(true);
}

/** A student account the demo publisher adds, enrolled in the course; it logs in with the password. */
export async function addEnrolledStudent(
  api: APIRequestContext,
  student: { name: string; email: string; password: string },
  courseId: number,
) {
  const { headers, ok } = await publisherApi(api);
  await ok(
    api.post('/api/studentCourse/registerStudent', {
      headers,
      data: {
        name: student.name,
        email: student.email,
        password: student.password,
        enroll: true,
        course_Id: courseId,
        consent: true,
        payment: "They didn't. It's free",
      },
    }),
  );
}
