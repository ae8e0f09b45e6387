import { courseDetailSchema } from '@skillwise/contracts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { authorCourse } from '../../../test/authoring';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { filesOnDisk, fixtures, imagePart, sweepDeletedFiles, upload } from '../../../test/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

test('create, read, update with a new cover, publish: the catalogue then lists it', async () => {
  const publisher = await createPublisher(ctx);
  const { course, category, author } = await authorCourse(ctx, publisher.token);
  expect(courseDetailSchema.parse(course)).toMatchObject({
    course_title: 'French Cooking',
    price: 49.99,
    certificate: true,
    published: false,
    org_Id: publisher.orgId,
    category_name: 'Cooking',
    price_type_name: 'Paid',
    first_name: 'Julia',
  });
  const cover = await call(ctx.app, { method: 'GET', url: course.course_image });
  expect(cover.statusCode).toBe(200);

  // Unpublished: invisible to the public, visible to its staff.
  const url = `/api/courses/details/${course.course_Id}`;
  expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(404);
  expect((await call(ctx.app, { method: 'GET', url, token: publisher.token })).statusCode).toBe(200);

  const filesBefore = await filesOnDisk(ctx);
  const updated = await upload(
    ctx.app,
    'PUT',
    '/api/courses/updateCourse',
    publisher.token,
    {
      'Object.course_Id': String(course.course_Id),
      'Object.course_title': 'French Cooking II',
      'Object.course_description': 'More butter.',
      'Object.price': '0',
      'Object.price_type_Id': '1',
      'Object.certificate': 'false',
      'Object.category_id': String(category.category_Id),
      'Object.author_id': String(author.author_id),
    },
    imagePart(fixtures.jpeg(), 'new.jpg'),
  );
  expect(updated.statusCode).toBe(200);
  expect(updated.json()).toMatchObject({
    course_title: 'French Cooking II',
    price: 0,
    price_type_name: 'Free',
    certificate: false,
  });
  expect(updated.json().course_image).toMatch(/\.jpg$/);
  // The old cover is no longer served; its file goes once the sweeper's wait is over.
  expect((await call(ctx.app, { method: 'GET', url: course.course_image })).statusCode).toBe(404);
  expect((await filesOnDisk(ctx)).length).toBe(filesBefore.length + 1);
  await sweepDeletedFiles(ctx);
  expect((await filesOnDisk(ctx)).length).toBe(filesBefore.length);

  const published = await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course.course_Id, published: true },
  });
  expect(published.json().published).toBe(true);
  expect((await call(ctx.app, { method: 'GET', url })).json()).toMatchObject({
    course_title: 'French Cooking II',
  });
  const catalogue = (await call(ctx.app, { method: 'GET', url: '/api/courses/GetAllCoursesDetail' })).json();
  expect(catalogue.find((c: { course_Id: number }) => c.course_Id === course.course_Id)).toMatchObject({
    first_name: 'Julia',
    last_name: 'Child',
  });
});

test('price types are listed', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/pricetype/GetAllPriceTypes' });
  expect(res.json()).toEqual([
    { price_type_Id: 1, price_type_name: 'Free' },
    { price_type_Id: 2, price_type_name: 'Paid' },
  ]);
});

test('another organisation cannot update or publish; its category and author cannot be borrowed', async () => {
  const owner = await createPublisher(ctx);
  const other = await createPublisher(ctx);
  const { course, category, author } = await authorCourse(ctx, owner.token);
  const theirs = await authorCourse(ctx, other.token);

  const before = await filesOnDisk(ctx);
  const update = await upload(
    ctx.app,
    'PUT',
    '/api/courses/updateCourse',
    other.token,
    {
      'Object.course_Id': String(course.course_Id),
      'Object.course_title': 'Hijacked',
      'Object.course_description': 'x',
      'Object.price': '1',
      'Object.price_type_Id': '2',
      'Object.category_id': String(theirs.category.category_Id),
      'Object.author_id': String(theirs.author.author_id),
    },
    imagePart(),
  );
  expect(update.statusCode).toBe(404);
  expect(await filesOnDisk(ctx)).toEqual(before);
  const publish = await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: other.token,
    body: { Id: course.course_Id, published: true },
  });
  expect(publish.statusCode).toBe(404);
  const detail = await call(ctx.app, {
    method: 'GET',
    url: `/api/courses/details/${course.course_Id}`,
    token: owner.token,
  });
  expect(detail.json()).toMatchObject({ course_title: 'French Cooking', published: false });

  const borrowed = await upload(
    ctx.app,
    'POST',
    '/api/courses/createCourse',
    other.token,
    {
      'Object.course_title': 'Borrowed',
      'Object.course_description': 'x',
      'Object.price': '1',
      'Object.price_type_Id': '2',
      'Object.category_id': String(category.category_Id),
      'Object.author_id': String(author.author_id),
    },
    imagePart(),
  );
  expect(borrowed.statusCode).toBe(400);
  expect(borrowed.json().details[0].field).toBe('Object.category_id');
  expect(await filesOnDisk(ctx)).toEqual(before);
});

test('bad course input is a 400 naming the field; students and visitors cannot create', async () => {
  const publisher = await createPublisher(ctx);
  const student = await createStudent(ctx);
  const { category, author } = await authorCourse(ctx, publisher.token);
  const fields = {
    'Object.course_title': 'T',
    'Object.course_description': 'D',
    'Object.price': '10',
    'Object.price_type_Id': '2',
    'Object.category_id': String(category.category_Id),
    'Object.author_id': String(author.author_id),
  };
  const before = await filesOnDisk(ctx);
  for (const [change, field] of [
    [{ 'Object.price': '-1' }, 'Object.price'],
    [{ 'Object.price': '1.999' }, 'Object.price'],
    [{ 'Object.price': 'ten' }, 'Object.price'],
    [{ 'Object.course_title': '' }, 'Object.course_title'],
    [{ 'Object.price_type_Id': '9' }, 'Object.price_type_Id'],
    [{ 'Object.price_type_Id': '1' }, 'Object.price'],
    [{ 'Object.author_id': 'abc' }, 'Object.author_id'],
    [{ 'Object.certificate': 'maybe' }, 'Object.certificate'],
  ] as const) {
    const res = await upload(
      ctx.app,
      'POST',
      '/api/courses/createCourse',
      publisher.token,
      { ...fields, ...change },
      imagePart(),
    );
    expect(res.statusCode, JSON.stringify(change)).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  }
  const noCover = await upload(ctx.app, 'POST', '/api/courses/createCourse', publisher.token, fields);
  expect(noCover.json().details[0].field).toBe('fileName');
  const json = await call(ctx.app, {
    method: 'POST',
    url: '/api/courses/createCourse',
    token: publisher.token,
    body: fields,
  });
  expect(json.statusCode).toBe(400);
  expect(json.json().details[0].field).toBe('body');
  expect(await filesOnDisk(ctx)).toEqual(before);

  expect(
    (await upload(ctx.app, 'POST', '/api/courses/createCourse', student.token, fields, imagePart()))
      .statusCode,
  ).toBe(403);
  expect(
    (await upload(ctx.app, 'POST', '/api/courses/createCourse', undefined, fields, imagePart())).statusCode,
  ).toBe(401);
  expect(
    (
      await call(ctx.app, {
        method: 'PUT',
        url: '/api/courses/publishUnpublishCourse',
        token: publisher.token,
        body: { Id: 1 },
      })
    ).json().details[0].field,
  ).toBe('published');
});

test('the public catalogue is cached, answers 304 to its ETag, and shows a change at once', async () => {
  const publisher = await createPublisher(ctx);
  const first = await call(ctx.app, { method: 'GET', url: '/api/courses/GetAllCoursesDetail' });
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^W\/".+"$/);
  const unchanged = await call(ctx.app, {
    method: 'GET',
    url: '/api/courses/GetAllCoursesDetail',
    headers: { 'if-none-match': etag },
  });
  expect(unchanged.statusCode).toBe(304);

  const { course } = await authorCourse(ctx, publisher.token);
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course.course_Id, published: true },
  });
  const after = await call(ctx.app, {
    method: 'GET',
    url: '/api/courses/GetAllCoursesDetail',
    headers: { 'if-none-match': etag },
  });
  expect(after.statusCode).toBe(200);
  expect(after.json().map((c: { course_Id: number }) => c.course_Id)).toContain(course.course_Id);
  await call(ctx.app, {
    method: 'PUT',
    url: '/api/courses/publishUnpublishCourse',
    token: publisher.token,
    body: { Id: course.course_Id, published: false },
  });
  expect(
    (await call(ctx.app, { method: 'GET', url: `/api/courses/details/${course.course_Id}` })).statusCode,
  ).toBe(404);
});
