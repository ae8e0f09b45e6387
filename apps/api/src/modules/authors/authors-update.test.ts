import { authorSchema } from '@skillwise/contracts';
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

const changes = (authorId: number, overrides: Record<string, string> = {}) => ({
  'Object.author_id': String(authorId),
  'Object.first_name': 'Julia',
  'Object.last_name': 'Child-Cousteau',
  'Object.gender': 'F',
  'Object.email_address': 'julia.child@example.com',
  'Object.phone_number': '+33 1 23 45 67 89',
  'Object.bio': 'Cooks, and now sails.',
  ...overrides,
});

const updateAuthor = (token: string | undefined, fields: Record<string, string>, file?: typeof imagePart) =>
  upload(ctx.app, 'PUT', '/api/authors/UpdateAuthors', token, fields, file ? file() : undefined);

const getAuthor = (token: string | undefined, id: number | string) =>
  call(ctx.app, { method: 'GET', url: `/api/authors/GetAuthorById/${id}`, ...(token ? { token } : {}) });

test('a publisher changes an author’s name, bio and contact; the course page shows them at once', async () => {
  const publisher = await createPublisher(ctx);
  const { author, course } = await authorCourse(ctx, publisher.token);
  const before = await filesOnDisk(ctx);

  const res = await updateAuthor(publisher.token, changes(author.author_id));
  expect(res.statusCode).toBe(200);
  const updated = authorSchema.parse(res.json());
  expect(updated).toMatchObject({
    author_id: author.author_id,
    last_name: 'Child-Cousteau',
    email_address: 'julia.child@example.com',
    phone_number: '+33 1 23 45 67 89',
    bio: 'Cooks, and now sails.',
    courses_count: 1,
  });
  // Without a new photo the old one stays.
  expect(updated.profile_picturePath).toBe(author.profile_picturePath);
  expect(await filesOnDisk(ctx)).toEqual(before);

  const fetched = await getAuthor(publisher.token, author.author_id);
  expect(fetched.statusCode).toBe(200);
  expect(authorSchema.parse(fetched.json())).toEqual(updated);

  const details = await call(ctx.app, {
    method: 'GET',
    url: `/api/courses/details/${course.course_Id}`,
    token: publisher.token,
  });
  expect(details.json()).toMatchObject({ last_name: 'Child-Cousteau', bio: 'Cooks, and now sails.' });
});

test('a new photo replaces the old one, whose file goes once no backup can need it', async () => {
  const publisher = await createPublisher(ctx);
  const { author } = await authorCourse(ctx, publisher.token);
  const before = await filesOnDisk(ctx);

  const res = await updateAuthor(publisher.token, changes(author.author_id), () =>
    imagePart(fixtures.jpeg(), 'new.jpg'),
  );
  expect(res.statusCode).toBe(200);
  const updated = authorSchema.parse(res.json());
  expect(updated.profile_picturePath).not.toBe(author.profile_picturePath);
  expect(updated.profile_picturePath).toMatch(/\.jpg$/);
  // The old photo is no longer served, and stays in storage until the sweeper's wait is over.
  expect((await call(ctx.app, { method: 'GET', url: author.profile_picturePath })).statusCode).toBe(404);
  expect(await filesOnDisk(ctx)).toHaveLength(before.length + 1);
  expect(await sweepDeletedFiles(ctx)).toMatchObject({ deleted: 1 });
  expect(await filesOnDisk(ctx)).toHaveLength(before.length);
  expect((await call(ctx.app, { method: 'GET', url: updated.profile_picturePath ?? '' })).statusCode).toBe(
    200,
  );
});

test('bad fields and a photo that is no image are refused; nothing changes and no file is left', async () => {
  const publisher = await createPublisher(ctx);
  const { author } = await authorCourse(ctx, publisher.token);
  const before = await filesOnDisk(ctx);

  const badEmail = await updateAuthor(
    publisher.token,
    changes(author.author_id, { 'Object.email_address': 'not-an-email' }),
    () => imagePart(),
  );
  expect(badEmail.statusCode).toBe(400);
  expect(badEmail.json().details[0].field).toBe('Object.email_address');

  const blankName = await updateAuthor(
    publisher.token,
    changes(author.author_id, { 'Object.first_name': ' ' }),
  );
  expect(blankName.statusCode).toBe(400);
  expect(blankName.json().details[0].field).toBe('Object.first_name');

  const noId = await updateAuthor(publisher.token, changes(author.author_id, { 'Object.author_id': 'x' }));
  expect(noId.statusCode).toBe(400);
  expect(noId.json().details[0].field).toBe('Object.author_id');

  const notImage = await updateAuthor(publisher.token, changes(author.author_id), () =>
    imagePart(fixtures.html(), 'me.png'),
  );
  expect(notImage.statusCode).toBe(415);

  expect(await filesOnDisk(ctx)).toEqual(before);
  expect((await getAuthor(publisher.token, author.author_id)).json()).toMatchObject({
    last_name: 'Child',
    email_address: 'julia@example.com',
  });
});

test('only that organisation’s publisher may read or change its author: others get 404, 403 or 401', async () => {
  const owner = await createPublisher(ctx);
  const other = await createPublisher(ctx);
  const student = await createStudent(ctx);
  const { author } = await authorCourse(ctx, owner.token);
  const before = await filesOnDisk(ctx);

  const foreign = await updateAuthor(other.token, changes(author.author_id), () => imagePart());
  expect(foreign.statusCode).toBe(404);
  expect((await getAuthor(other.token, author.author_id)).statusCode).toBe(404);

  expect((await updateAuthor(student.token, changes(author.author_id))).statusCode).toBe(403);
  expect((await getAuthor(student.token, author.author_id)).statusCode).toBe(403);
  expect((await updateAuthor(undefined, changes(author.author_id))).statusCode).toBe(401);
  expect((await getAuthor(undefined, author.author_id)).statusCode).toBe(401);

  expect((await getAuthor(owner.token, 'abc')).statusCode).toBe(400);
  expect((await getAuthor(owner.token, 999_999)).statusCode).toBe(404);
  expect((await updateAuthor(owner.token, changes(999_999), () => imagePart())).statusCode).toBe(404);

  // The refused requests left no file behind and changed nothing.
  expect(await filesOnDisk(ctx)).toEqual(before);
  expect((await getAuthor(owner.token, author.author_id)).json()).toMatchObject({ last_name: 'Child' });
});
