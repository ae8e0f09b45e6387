import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, createTestContext, type TestContext } from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, (app) => {
    app.get('/api/test-crash', async () => {
      throw new Error('secret internals');
    });
  });
});
afterAll(async () => ctx.close());

test('an unknown error is a masked 500', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/test-crash' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({
    statusCode: 500,
    error: 'Internal Server Error',
    code: 'INTERNAL',
    message: 'Internal Server Error',
  });
});

test('an unknown API path is a JSON 404; security headers are set', async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/nothing-here' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});

test('a text body where a JSON object is expected is a 400 naming the body', async () => {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/users/Login',
    body: 'username=a',
    headers: { 'content-type': 'text/plain' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().details).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
});

test('only authoring writes clear the public answers; logins, orders and progress do not', async () => {
  // Each route declares it (`config: { invalidates: 'public' }`); route-schemas.test.ts checks the rest.
  const declares = (method: string, url: string) => {
    const route = ctx.app.apiRoutes.find((r) => r.method === method && r.url === url);
    if (!route) throw new Error(`no route ${method} ${url}`);
    return (route.config as { invalidates?: string } | undefined)?.invalidates === 'public';
  };
  for (const [method, route] of [
    ['PUT', '/api/courses/publishUnpublishCourse'],
    ['POST', '/api/authors/CreateAuthors'],
    ['DELETE', '/api/lessons/:id'],
    ['DELETE', '/api/courseSections/:id'],
    ['POST', '/api/reviews/SaveCourseReview'],
    ['PUT', '/api/reviews/hideUnhideReview'],
  ] as const) {
    expect(declares(method, route), route).toBe(true);
  }
  for (const [method, route] of [
    ['POST', '/api/users/Login'],
    ['POST', '/api/courses/CreateOrder'],
    ['POST', '/api/courses/CaptureOrder'],
    ['PUT', '/api/lessons/ChangeLessonStartedFlag'],
    ['POST', '/api/studentCourse/SaveLessonProgress'],
    ['POST', '/api/sandbox/orders/:id/approve'],
  ] as const) {
    expect(declares(method, route), route).toBe(false);
  }
});
