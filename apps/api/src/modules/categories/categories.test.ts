import { categorySchema } from '@skillwise/contracts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const create = (token: string | undefined, body: unknown) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/coursecategory/CreateCourseCategory',
    body,
    ...(token ? { token } : {}),
  });
const list = (token: string, orgId?: number) =>
  call(ctx.app, {
    method: 'GET',
    url: `/api/coursecategory/GetCourseCategoriesByOrgId?org_Id=${orgId ?? 1}`,
    token,
  });

test('a publisher creates, reads, renames and deletes a category', async () => {
  const publisher = await createPublisher(ctx);
  const created = await create(publisher.token, {
    category_name: 'Photography',
    category_description: 'Light and lenses',
    org_Id: 999,
    created_date: new Date().toISOString(),
  });
  expect(created.statusCode).toBe(201);
  const category = categorySchema.parse(created.json());
  expect(category).toMatchObject({
    category_name: 'Photography',
    org_Id: publisher.orgId,
    created_by: publisher.userId,
  });

  const one = await call(ctx.app, {
    method: 'GET',
    url: `/api/coursecategory/GetCourseCategoryByIdAsync?category_Id=${category.category_Id}`,
    token: publisher.token,
  });
  expect(one.json()).toMatchObject({ category_Id: category.category_Id, courses_count: 0 });

  const updated = await call(ctx.app, {
    method: 'PUT',
    url: '/api/coursecategory/UpdateCourseCategoryAsync',
    token: publisher.token,
    body: {
      category_Id: category.category_Id,
      category_name: 'Film',
      category_description: 'Moving pictures',
      created_by: 1,
      org_Id: 1,
    },
  });
  expect(updated.statusCode).toBe(200);
  expect(updated.json()).toMatchObject({ category_name: 'Film', category_description: 'Moving pictures' });
  expect((await list(publisher.token)).json().map((c: { category_name: string }) => c.category_name)).toEqual(
    ['Film'],
  );

  const deleted = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/coursecategory/DeleteCourseCategoryAsync?category_Id=${category.category_Id}`,
    token: publisher.token,
  });
  expect(deleted.json()).toEqual({ message: 'Deleted successfully!' });
  expect((await list(publisher.token)).json()).toEqual([]);
});

test('another organisation sees, changes and deletes nothing; students and visitors cannot write', async () => {
  const owner = await createPublisher(ctx);
  const other = await createPublisher(ctx);
  const student = await createStudent(ctx);
  const { category_Id } = (await create(owner.token, { category_name: 'Music' })).json();

  expect((await list(other.token, owner.orgId ?? 0)).json()).toEqual([]);
  const read = await call(ctx.app, {
    method: 'GET',
    url: `/api/coursecategory/GetCourseCategoryByIdAsync?category_Id=${category_Id}`,
    token: other.token,
  });
  expect(read.statusCode).toBe(404);
  const update = await call(ctx.app, {
    method: 'PUT',
    url: '/api/coursecategory/UpdateCourseCategoryAsync',
    token: other.token,
    body: { category_Id, category_name: 'Hijacked', org_Id: owner.orgId },
  });
  expect(update.statusCode).toBe(404);
  const remove = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/coursecategory/DeleteCourseCategoryAsync?category_Id=${category_Id}`,
    token: other.token,
  });
  expect(remove.statusCode).toBe(404);
  expect((await list(owner.token)).json()).toMatchObject([{ category_Id, category_name: 'Music' }]);

  expect((await create(student.token, { category_name: 'Nope' })).statusCode).toBe(403);
  expect((await create(undefined, { category_name: 'Nope' })).statusCode).toBe(401);
});

test('bad input is a 400 naming the field', async () => {
  const publisher = await createPublisher(ctx);
  for (const [body, field] of [
    [{}, 'category_name'],
    [{ category_name: '   ' }, 'category_name'],
    [{ category_name: 'x'.repeat(101) }, 'category_name'],
    [{ category_name: 'ok', category_description: 'x'.repeat(451) }, 'category_description'],
    [{ category_name: 5 }, 'category_name'],
  ] as const) {
    const res = await create(publisher.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  }
  const badId = await call(ctx.app, {
    method: 'DELETE',
    url: '/api/coursecategory/DeleteCourseCategoryAsync?category_Id=abc',
    token: publisher.token,
  });
  expect(badId.statusCode).toBe(400);
  expect(badId.json().details[0].field).toBe('category_Id');
});

test('a category still used by a course is not deleted', async () => {
  const publisher = await createPublisher(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0);
  const res = await call(ctx.app, {
    method: 'DELETE',
    url: `/api/coursecategory/DeleteCourseCategoryAsync?category_Id=${course.categoryId}`,
    token: publisher.token,
  });
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toMatch(/used by 1 course/);
  expect((await list(publisher.token)).json()).toHaveLength(1);
});
