// A course made through the API as a publisher makes it, for the benchmarks that upload or play lessons.
import { randomBytes } from 'node:crypto';

/** A JSON (or multipart, for FormData) call to `api` (`http://host:port/api`); throws on a non-2xx answer. */
export async function apiCall(api, method, url, body, token) {
  const res = await fetch(`${api}/${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A small PNG-looking image (the upload checks the signature, not the pixels). */
export const png = () =>
  new Blob(
    [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1024)])],
    { type: 'image/png' },
  );

/** A category, an author, a course and one section, all named `name`; answers the section's id. */
export async function createSection(api, token, name = 'Bench') {
  return (await createCourseWithSection(api, token, name)).sectionId;
}

/** A category, an author, a course and one section, all named `name`; answers the course's and section's ids. */
export async function createCourseWithSection(api, token, name = 'Bench') {
  const call = (method, url, body) => apiCall(api, method, url, body, token);
  const category = await call('POST', 'coursecategory/CreateCourseCategory', { category_name: name });
  const authorForm = new FormData();
  for (const [k, v] of Object.entries({
    first_name: name,
    last_name: 'Author',
    gender: 'F',
    email_address: 'author@example.com',
  }))
    authorForm.set(`Object.${k}`, v);
  authorForm.set('fileName', png(), 'a.png');
  const author = await call('POST', 'authors/CreateAuthors', authorForm);
  const courseForm = new FormData();
  for (const [k, v] of Object.entries({
    course_title: name,
    course_description: name,
    price: '1',
    price_type_Id: '2',
    category_id: String(category.category_Id),
    author_id: String(author.author_id),
  }))
    courseForm.set(`Object.${k}`, v);
  courseForm.set('fileName', png(), 'c.png');
  const course = await call('POST', 'courses/createCourse', courseForm);
  const section = await call('POST', 'courseSections/InsertCourseSections', {
    course_id: course.course_Id,
    section_name: name,
  });
  return { courseId: course.course_Id, sectionId: section.section_Id };
}
