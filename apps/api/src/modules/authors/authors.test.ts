import { authorSchema } from '@skillwise/contracts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { filesOnDisk, fixtures, imagePart, sweepDeletedFiles, upload } from '../../../test/uploads';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const authorFields = {
  'Object.first_name': 'Grace',
  'Object.last_name': 'Hopper',
  'Object.gender': 'F',
  'Object.email_address': 'grace@example.com',
  'Object.phone_number': '+1 202 555 0147',
  'Object.bio': 'Compilers.',
  'Object.org_Id': '1',
};
const createAuthor = (token: string | undefined, fields = authorFields, file = imagePart()) =>
  upload(ctx.app, 'POST', '/api/authors/CreateAuthors', token, fields, file);

test('a publisher adds an author with a photo; the photo is served publicly; deleting removes both', async () => {
  const publisher = await createPublisher(ctx);
  const before = await filesOnDisk(ctx);
  const res = await createAuthor(publisher.token);
  expect(res.statusCode).toBe(201);
  const author = authorSchema.parse(res.json());
  expect(author).toMatchObject({
    first_name: 'Grace',
    gender: 'F',
    org_Id: publisher.orgId,
    courses_count: 0,
  });
  expect(author.profile_picturePath).toMatch(/^\/api\/files\/public\/[0-9a-f-]{36}\.png$/);
  expect(await filesOnDisk(ctx)).toHaveLength(before.length + 1);

  const photo = await call(ctx.app, { method: 'GET', url: author.profile_picturePath ?? '' });
  expect(photo.statusCode).toBe(200);
  expect(photo.headers['content-type']).toBe('image/png');
  expect(photo.rawPayload.subarray(0, 8)).toEqual(fixtures.png().subarray(0, 8));

  const listed = await call(ctx.app, {
    method: 'GET',
    url: '/api/authors/GetAuthorByOrgId?org_Id=1',
    token: publisher.token,
  });
  expect(listed.json()).toHaveLength(1);

  const removed = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/authors/${author.author_id}`,
    token: publisher.token,
  });
  expect(removed.statusCode).toBe(200);
  expect((await call(ctx.app, { method: 'GET', url: author.profile_picturePath ?? '' })).statusCode).toBe(
    404,
  );
  // The photo's file goes once the sweeper's wait is over.
  expect(await filesOnDisk(ctx)).toHaveLength(before.length + 1);
  await sweepDeletedFiles(ctx);
  expect(await filesOnDisk(ctx)).toHaveLength(before.length);
});

test('the photo is required and must be an image by its content; refused uploads leave no file', async () => {
  const publisher = await createPublisher(ctx);
  const before = await filesOnDisk(ctx);

  const noPhoto = await upload(ctx.app, 'POST', '/api/authors/CreateAuthors', publisher.token, authorFields);
  expect(noPhoto.statusCode).toBe(400);
  expect(noPhoto.json().details[0].field).toBe('fileName');

  const disguised = await createAuthor(publisher.token, authorFields, imagePart(fixtures.html(), 'cute.png'));
  expect(disguised.statusCode).toBe(415);
  const pdfAsPhoto = await createAuthor(publisher.token, authorFields, imagePart(fixtures.pdf(), 'me.jpg'));
  expect(pdfAsPhoto.statusCode).toBe(415);

  const badField = await createAuthor(publisher.token, { ...authorFields, 'Object.gender': 'X' });
  expect(badField.statusCode).toBe(400);
  expect(badField.json().details[0].field).toBe('Object.gender');
  const missing = await createAuthor(publisher.token, { ...authorFields, 'Object.email_address': '' });
  expect(missing.json().details[0].field).toBe('Object.email_address');

  expect(await filesOnDisk(ctx)).toEqual(before);
  const listed = await call(ctx.app, {
    method: 'GET',
    url: '/api/authors/GetAuthorByOrgId',
    token: publisher.token,
  });
  expect(listed.json()).toEqual([]);
});

test('an image over 10 MB is a 413 and leaves nothing behind', async () => {
  const publisher = await createPublisher(ctx);
  const before = await filesOnDisk(ctx);
  const res = await createAuthor(
    publisher.token,
    authorFields,
    imagePart(fixtures.png(10 * 1024 * 1024 + 1)),
  );
  expect(res.statusCode).toBe(413);
  expect(res.json().message).toMatch(/too large/);
  expect(await filesOnDisk(ctx)).toEqual(before);
  const listed = await call(ctx.app, {
    method: 'GET',
    url: '/api/authors/GetAuthorByOrgId',
    token: publisher.token,
  });
  expect(listed.json()).toEqual([]);
});

test('others cannot list, add or delete; an author on a course is kept', async () => {
  const owner = await createPublisher(ctx);
  const other = await createPublisher(ctx);
  const student = await createStudent(ctx);
  const course = await createCourse(ctx, owner.orgId ?? 0);

  const foreign = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/authors/${course.authorId}`,
    token: other.token,
  });
  expect(foreign.statusCode).toBe(404);
  const used = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/authors/${course.authorId}`,
    token: owner.token,
  });
  expect(used.statusCode).toBe(409);
  expect(used.json().message).toMatch(/shown on 1 course/);

  const theirs = await call(ctx.app, {
    method: 'GET',
    url: '/api/authors/GetAuthorByOrgId',
    token: other.token,
  });
  expect(theirs.json()).toEqual([]);
  expect((await createAuthor(student.token)).statusCode).toBe(403);
  expect((await createAuthor(undefined)).statusCode).toBe(401);
  expect(
    (await call(ctx.app, { method: 'DELETE', url: '/api/authors/abc', token: owner.token })).statusCode,
  ).toBe(400);
});
