import { call, type TestContext } from './helpers';
import { imagePart, upload } from './uploads';

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
