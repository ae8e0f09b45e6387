import { courseListItemSchema } from '@skillwise/contracts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

test('GetAllCoursesDetail is public and lists only published courses, with the author', async () => {
  const publisher = await createPublisher(ctx);
  const published = await createCourse(ctx, publisher.orgId ?? 0, {
    title: 'Published one',
    priceCents: 4950,
  });
  const draft = await createCourse(ctx, publisher.orgId ?? 0, { title: 'Draft', published: false });
  const res = await call(ctx.app, { method: 'GET', url: '/api/courses/GetAllCoursesDetail' });
  expect(res.statusCode).toBe(200);
  const list = res.json().map((c: unknown) => courseListItemSchema.parse(c));
  const ids = list.map((c: { course_Id: number }) => c.course_Id);
  expect(ids).toContain(published.id);
  expect(ids).not.toContain(draft.id);
  expect(list.find((c: { course_Id: number }) => c.course_Id === published.id)).toMatchObject({
    course_title: 'Published one',
    price: 49.5,
    first_name: 'Ada',
    last_name: 'Lovelace',
    published: true,
  });
});

test('GetCoursesbyOrgId answers the caller’s organisation whatever org_Id is sent', async () => {
  const mine = await createPublisher(ctx);
  const theirs = await createPublisher(ctx);
  const myDraft = await createCourse(ctx, mine.orgId ?? 0, { published: false });
  const theirCourse = await createCourse(ctx, theirs.orgId ?? 0);
  const res = await call(ctx.app, {
    method: 'GET',
    url: `/api/courses/GetCoursesbyOrgId?org_Id=${theirs.orgId}`,
    token: mine.token,
  });
  expect(res.statusCode).toBe(200);
  const ids = res.json().map((c: { course_Id: number }) => c.course_Id);
  expect(ids).toEqual([myDraft.id]);
  expect(ids).not.toContain(theirCourse.id);
});

test('GetCoursesbyOrgId: no token 401, a student 403, a bad org_Id 400', async () => {
  const student = await createStudent(ctx);
  const publisher = await createPublisher(ctx);
  expect(
    (await call(ctx.app, { method: 'GET', url: '/api/courses/GetCoursesbyOrgId?org_Id=1' })).statusCode,
  ).toBe(401);
  expect(
    (
      await call(ctx.app, {
        method: 'GET',
        url: '/api/courses/GetCoursesbyOrgId?org_Id=1',
        token: student.token,
      })
    ).statusCode,
  ).toBe(403);
  const bad = await call(ctx.app, {
    method: 'GET',
    url: '/api/courses/GetCoursesbyOrgId?org_Id=x',
    token: publisher.token,
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().details[0].field).toBe('org_Id');
});
