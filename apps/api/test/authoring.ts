import { createPublisher } from './factories';
import { call, type TestContext } from './helpers';
import { type FilePart, fixtures, imagePart, upload } from './uploads';

/** A category, an author with a photo, and a course with a cover, made through the API. */
export async function authorCourse(ctx: TestContext, token: string, overrides: Record<string, string> = {}) {
  const category = (
    await call(ctx.app, {
      method: 'POST',
      url: '/api/coursecategory/CreateCourseCategory',
      token,
      body: { category_name: 'Cooking' },
    })
  ).json();
  const author = (
    await upload(
      ctx.app,
      'POST',
      '/api/authors/CreateAuthors',
      token,
      {
        'Object.first_name': 'Julia',
        'Object.last_name': 'Child',
        'Object.gender': 'F',
        'Object.email_address': 'julia@example.com',
        'Object.bio': 'Cooks.',
      },
      imagePart(),
    )
  ).json();
  const res = await upload(
    ctx.app,
    'POST',
    '/api/courses/createCourse',
    token,
    {
      'Object.course_title': 'French Cooking',
      'Object.course_description': 'Butter, mostly.',
      'Object.price': '49.99',
      'Object.price_type_Id': '2',
      'Object.certificate': 'true',
      'Object.category_id': String(category.category_Id),
      'Object.author_id': String(author.author_id),
      'Object.org_Id': '1',
      ...overrides,
    },
    imagePart(undefined, 'cover.png'),
  );
  if (res.statusCode !== 201) throw new Error(`createCourse: ${res.body}`);
  return { category, author, course: res.json() };
}

/** A section of `courseId`, made through the API: its answer (`section_Id`, ...). */
export async function addSection(ctx: TestContext, token: string, courseId: number, name = 'One') {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/courseSections/InsertCourseSections',
    token,
    body: { course_id: courseId, section_name: name },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`InsertCourseSections: ${res.body}`);
  return res.json();
}

/** A lesson with its file, uploaded to a section through `lessons/createLessons`: the call's answer. */
export function uploadLesson(
  ctx: TestContext,
  token: string,
  sectionId: number,
  lesson: { title: string; contentType: string; file: Omit<FilePart, 'field'> },
) {
  return upload(
    ctx.app,
    'POST',
    '/api/lessons/createLessons',
    token,
    {
      'Object.lesson_Id': 0,
      'Object.lesson_title': lesson.title,
      'Object.contentType': lesson.contentType,
      'Object.section_Id': sectionId,
    },
    { field: 'fileName', ...lesson.file },
  );
}

/**
 * A new publisher's course whose one section holds a video lesson with its file: `data` (a real video
 * file), else an MP4-looking file of `bytes` (100 kB unless told).
 */
export async function addVideoLesson(ctx: TestContext, options: { bytes?: number; data?: Buffer } = {}) {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  const section = await addSection(ctx, publisher.token, course.course_Id, 'One');
  const data = options.data ?? fixtures.mp4(options.bytes ?? 100_000);
  const made = await uploadLesson(ctx, publisher.token, section.section_Id, {
    title: 'Clip',
    contentType: 'video',
    file: { filename: 'clip.mp4', contentType: 'video/mp4', data },
  });
  if (made.statusCode !== 201) throw new Error(`createLessons: ${made.body}`);
  return { publisher, course, section, lesson: made.json(), data };
}

/** A published course whose one published section holds a published video lesson (see addVideoLesson). */
export async function publishVideoLesson(
  ctx: TestContext,
  options: { preview: boolean; bytes?: number; data?: Buffer },
) {
  const made = await addVideoLesson(ctx, options);
  const { publisher, course, section, lesson } = made;
  const put = (url: string, body: unknown) =>
    call(ctx.app, { method: 'PUT', url, token: publisher.token, body });
  await put('/api/courseSections/publishUnpublishSection', { Id: section.section_Id, published: true });
  await put('/api/lessons/publishUnpublishLesson', { Id: lesson.lesson_Id, published: true });
  if (options.preview)
    await put('/api/lessons/handleMakeRemovePreviewLesson', { Id: lesson.lesson_Id, makepreview: true });
  await put('/api/courses/publishUnpublishCourse', { Id: course.course_Id, published: true });
  return made;
}
