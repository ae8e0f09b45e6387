import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { fixtures, upload } from '../../../test/uploads';
import { enrolments } from '../../db/schema';

/**
 * Who gets a lesson's file (DESIGN security model), for every viewer and state: the URL is handed out
 * only to those allowed, and what it serves matches the stored file byte for byte, Range included.
 */
let ctx: TestContext;
let owner: TestUser;
let otherPublisher: TestUser;
let enrolled: TestUser;
let stranger: TestUser;
const data = fixtures.mp4(64 * 1024);

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createPublisher(ctx);
  otherPublisher = await createPublisher(ctx);
  enrolled = await createStudent(ctx);
  stranger = await createStudent(ctx);
});
afterAll(async () => ctx.close());

async function lessonIn(state: { coursePublished: boolean; preview: boolean }) {
  const { course } = await authorCourse(ctx, owner.token);
  const put = (url: string, body: unknown) => call(ctx.app, { method: 'PUT', url, token: owner.token, body });
  const section = await addSection(ctx, owner.token, course.course_Id, 'S');
  const lesson = (
    await upload(
      ctx.app,
      'POST',
      '/api/lessons/createLessons',
      owner.token,
      {
        'Object.lesson_Id': 0,
        'Object.lesson_title': 'L',
        'Object.contentType': 'video',
        'Object.section_Id': section.section_Id,
      },
      { field: 'fileName', filename: 'l.mp4', contentType: 'video/mp4', data },
    )
  ).json();
  await put('/api/courseSections/publishUnpublishSection', { Id: section.section_Id, published: true });
  await put('/api/lessons/publishUnpublishLesson', { Id: lesson.lesson_Id, published: true });
  await put('/api/lessons/handleMakeRemovePreviewLesson', {
    Id: lesson.lesson_Id,
    makepreview: state.preview,
  });
  // Enrol first, then set the course's state: a course unpublished later stays closed to its students.
  await ctx.database.db
    .insert(enrolments)
    .values({ userId: enrolled.userId, courseId: course.course_Id, source: 'assigned' });
  await put('/api/courses/publishUnpublishCourse', {
    Id: course.course_Id,
    published: state.coursePublished,
  });
  return { courseId: course.course_Id, lessonId: lesson.lesson_Id as number };
}

type Viewer = 'anonymous' | 'student not enrolled' | 'student enrolled' | 'other publisher' | 'own publisher';
const tokenOf = (viewer: Viewer) =>
  ({
    anonymous: undefined,
    'student not enrolled': stranger.token,
    'student enrolled': enrolled.token,
    'other publisher': otherPublisher.token,
    'own publisher': owner.token,
  })[viewer];

/** What the viewer is given: a URL that serves the file, or nothing. */
async function urlFor(viewer: Viewer, courseId: number, lessonId: number): Promise<string | null> {
  const token = tokenOf(viewer);
  const fresh = await call(ctx.app, {
    method: 'GET',
    url: `/api/lessons/GetLessonContentUrl/${lessonId}`,
    ...(token ? { token } : {}),
  });
  const listed = token
    ? await call(ctx.app, {
        method: 'GET',
        url: `/api/courseSections/GetCourseSectionsByCourseId/${courseId}`,
        token,
      })
    : await call(ctx.app, {
        method: 'GET',
        url: `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${courseId}`,
      });
  const fromList: string | null =
    listed.statusCode === 200
      ? (listed.json()[0]?.lessons.find((l: { lesson_Id: number }) => l.lesson_Id === lessonId)
          ?.content_path ?? null)
      : null;
  const fromFresh: string | null = fresh.statusCode === 200 ? fresh.json().content_path : null;
  return fromFresh ?? fromList;
}

const cases: [string, { coursePublished: boolean; preview: boolean }, Record<Viewer, boolean>][] = [
  [
    'published course, preview lesson',
    { coursePublished: true, preview: true },
    {
      anonymous: true,
      'student not enrolled': true,
      'student enrolled': true,
      'other publisher': true,
      'own publisher': true,
    },
  ],
  [
    'published course, lesson not preview',
    { coursePublished: true, preview: false },
    {
      anonymous: false,
      'student not enrolled': false,
      'student enrolled': true,
      'other publisher': false,
      'own publisher': true,
    },
  ],
  [
    'unpublished course, preview lesson',
    { coursePublished: false, preview: true },
    {
      anonymous: false,
      'student not enrolled': false,
      'student enrolled': false,
      'other publisher': false,
      'own publisher': true,
    },
  ],
  [
    'unpublished course, lesson not preview',
    { coursePublished: false, preview: false },
    {
      anonymous: false,
      'student not enrolled': false,
      'student enrolled': false,
      'other publisher': false,
      'own publisher': true,
    },
  ],
];

describe.each(cases)('%s', (_name, state, expected) => {
  let ids: { courseId: number; lessonId: number };
  beforeAll(async () => {
    ids = await lessonIn(state);
  });

  test.each(Object.keys(expected) as Viewer[])('%s', async (viewer) => {
    const url = await urlFor(viewer, ids.courseId, ids.lessonId);
    if (!expected[viewer]) {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/^\/api\/media\/lessons\//);
    const whole = await call(ctx.app, { method: 'GET', url: url ?? '' });
    expect(whole.statusCode).toBe(200);
    expect(Buffer.compare(whole.rawPayload, data)).toBe(0);
    const part = await call(ctx.app, { method: 'GET', url: url ?? '', headers: { range: 'bytes=100-4195' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-4195/${data.length}`);
    expect(Buffer.compare(part.rawPayload, data.subarray(100, 4196))).toBe(0);
  });
});
