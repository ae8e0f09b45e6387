import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addSection, authorCourse } from '../test/authoring';
import { createPublisher, createStudent } from '../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../test/helpers';
import { filesOnDisk, fixtures, upload } from '../test/uploads';
import { lessons, users } from './db/schema';
import { MAX_QUERY_LENGTH } from './plugins/request-limits';

/**
 * Input a careless or hostile client sends, across modules: every answer is a 4xx naming what is wrong,
 * never a 500, and nothing half-made stays behind.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

test('a NUL character in a text field is a 400 naming the field, on every kind of call', async () => {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  const cases = [
    {
      url: '/api/users/register',
      body: { email: uniqueEmail(), password: 'a good password', fullName: 'a\u0000b' },
      field: 'fullName',
    },
    {
      url: '/api/organization/RegisterOrg',
      body: {
        org_Name: 'School\u0000',
        org_url: 'https://school.example.com',
        primary_email: uniqueEmail(),
        fullName: 'Pat',
        password: 'a good password',
      },
      field: 'org_Name',
    },
    {
      url: '/api/studentCourse/registerStudent',
      token: publisher.token,
      body: { name: 'x\u0000y', email: uniqueEmail() },
      field: 'name',
    },
    {
      url: '/api/courseSections/InsertCourseSections',
      token: publisher.token,
      body: { course_id: course.course_Id, section_name: 'Intro\u0000' },
      field: 'section_name',
    },
  ];
  for (const { url, body, field, token } of cases) {
    const res = await call(ctx.app, { method: 'POST', url, body, ...(token ? { token } : {}) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    expect(res.json().details).toContainEqual({ field, message: 'must not contain control characters' });
  }
  // A NUL where no schema looks (a provider's order id in a path) is a 400 as well, not a 500.
  const sandbox = await call(ctx.app, {
    method: 'GET',
    url: '/api/sandbox/orders/SBX-%00',
    token: publisher.token,
  });
  expect(sandbox.statusCode).toBeLessThan(500);
});

test('a name or title is one line: nobody writes their own paragraphs into our e-mails', async () => {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/users/register',
    body: {
      email: uniqueEmail(),
      password: 'a good password',
      fullName: 'Sam,\n\nYour account was suspended. Restore it at https://evil.example\n',
    },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().details).toEqual([{ field: 'fullName', message: 'must be on one line' }]);
  expect(ctx.mailer.sent.filter((m) => m.text.includes('evil.example'))).toEqual([]);
});

test('the same e-mail signed up eight times at once: one account, the others 409, never a 500', async () => {
  const email = uniqueEmail();
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/users/register',
        body: { email, password: 'a good password', fullName: 'Racer' },
      }),
    ),
  );
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
  for (const res of results.filter((r) => r.statusCode !== 201)) {
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
  }
  expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
});

test('public calls answer a stale or unknown token as a visitor; private calls still refuse it', async () => {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course.course_Id, published: true },
  });
  for (const token of ['expired-or-revoked-token', 'x'.repeat(300)]) {
    const detail = await call(ctx.app, {
      method: 'GET',
      url: `/api/courses/details/${course.course_Id}`,
      token,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().course_title).toBe('French Cooking');
    const mine = await call(ctx.app, { method: 'GET', url: '/api/courses/GetCoursesbyOrgId', token });
    expect(mine.statusCode).toBe(401);
  }
});

test('an empty JSON body is no body: Logout works; a call that needs a body names it', async () => {
  const student = await createStudent(ctx);
  const logout = await call(ctx.app, {
    method: 'POST',
    url: '/api/users/Logout',
    token: student.token,
    body: '',
    headers: { 'content-type': 'application/json' },
  });
  expect(logout.statusCode).toBe(200);
  const after = await call(ctx.app, {
    method: 'GET',
    url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
    token: student.token,
  });
  expect(after.statusCode).toBe(401);
  const login = await call(ctx.app, {
    method: 'POST',
    url: '/api/users/Login',
    body: '',
    headers: { 'content-type': 'application/json' },
  });
  expect(login.statusCode).toBe(400);
  expect(login.json().details.map((d: { field: string }) => d.field)).toContain('username');
});

/** A publisher with a course and one section in it, made through the API. */
async function publisherWithSection() {
  const publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  const section = await addSection(ctx, publisher.token, course.course_Id, 'Intro');
  return { publisher, section };
}

test('a query string past MAX_QUERY_LENGTH is a 414 naming it, on public and private calls alike', async () => {
  const publisher = await createPublisher(ctx);
  const at = (length: number) => `x=${'y'.repeat(length - 2)}`;
  const catalogue = (query: string, token?: string) =>
    call(ctx.app, {
      method: 'GET',
      url: `/api/courses/GetAllCoursesDetail?${query}`,
      ...(token ? { token } : {}),
    });
  expect((await catalogue(at(MAX_QUERY_LENGTH))).statusCode).toBe(200);
  for (const token of [undefined, publisher.token]) {
    const res = await catalogue(at(MAX_QUERY_LENGTH + 1), token);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({
      code: 'URI_TOO_LONG',
      details: [{ field: 'query', message: `must be at most ${MAX_QUERY_LENGTH} characters` }],
    });
  }
  // 15 KB, as a visitor might send ten thousand times.
  expect((await catalogue(at(15_000))).statusCode).toBe(414);
});

test('numbers past what the database holds are a 400 naming the field', async () => {
  const { publisher, section } = await publisherWithSection();
  for (const Order_number of [99_999_999_999_999, '99999999999999', -3]) {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courseSections/UpdateCourseSections',
      token: publisher.token,
      body: { section_Id: section.section_Id, section_name: 'Intro', Order_number },
    });
    expect(res.statusCode, JSON.stringify(Order_number)).toBe(400);
    expect(res.json().details[0].field).toBe('Order_number');
  }
  const lesson = await upload(ctx.app, 'POST', '/api/lessons/createLessons', publisher.token, {
    'Object.lesson_Id': '99999999999999',
    'Object.lesson_title': 'Too far',
    'Object.contentType': 'pdf',
    'Object.section_Id': section.section_Id,
  });
  expect(lesson.statusCode).toBe(400);
  expect(lesson.json().details[0]).toEqual({ field: 'Object.lesson_Id', message: 'is too large' });
});

test('a cut-off multipart body is a 400 and leaves no file and no row', async () => {
  const { publisher, section } = await publisherWithSection();
  const before = await ctx.database.db
    .select()
    .from(lessons)
    .where(eq(lessons.sectionId, section.section_Id));
  const filesBefore = await filesOnDisk(ctx);
  const boundary = 'cutoff';
  const bodies = [
    `--${boundary}\r\nContent-Disposition: form-data; name="Object.section_Id"\r\n\r\n${section.section_Id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="fileName"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${fixtures.pdf(3000).toString('latin1')}`,
    'hello',
  ];
  for (const payload of bodies) {
    for (const url of [
      '/api/lessons/createLessons',
      '/api/lessons/UploadLesson',
      '/api/authors/CreateAuthors',
    ]) {
      const res = await call(ctx.app, {
        method: 'POST',
        url,
        token: publisher.token,
        body: Buffer.from(payload, 'latin1'),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      // Cut off, or a file in a field the call does not take (bulk upload wants `file`): either is said.
      expect(['body', 'fileName']).toContain(res.json().details[0].field);
    }
  }
  const after = await ctx.database.db.select().from(lessons).where(eq(lessons.sectionId, section.section_Id));
  expect(after).toEqual(before);
  expect(await filesOnDisk(ctx)).toEqual(filesBefore);
});
