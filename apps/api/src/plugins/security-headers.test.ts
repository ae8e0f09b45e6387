import { afterEach, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../test/factories';
import { call, createTestContext, type TestContext, testConfig } from '../../test/helpers';
import { S3Storage } from '../lib/s3-storage';
import { contentSecurityPolicy, mediaOriginOf } from './security-headers';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const directives = (header: string | string[] | undefined) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );

test('a page carries the CSP (scripts and styles from self, no inline script) and the other headers', async () => {
  ctx = await createTestContext();
  const res = await call(ctx.app, { method: 'GET', url: '/api/docs' });
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const csp = directives(res.headers['content-security-policy']);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect([...csp.values()].flat().some((value) => value.includes('unsafe'))).toBe(false);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  // PUBLIC_URL is http here: no HSTS.
  expect(res.headers['strict-transport-security']).toBeUndefined();
});

test('a JSON answer, a success or a refusal, carries the API’s short set: it allows nothing and is never framed', async () => {
  ctx = await createTestContext();
  const publisher = await createPublisher(ctx);
  for (const [url, token, status] of [
    ['/api/courses/details/999999', undefined, 404],
    ['/api/users/checkUserExists', 'nonsense', 401],
    [`/api/courses/GetCoursesbyOrgId?org_Id=${publisher.orgId}`, publisher.token, 200],
  ] as const) {
    const res = await call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const csp = directives(res.headers['content-security-policy']);
    expect(Object.fromEntries(csp)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // What only a page needs is not sent with data.
    for (const name of [
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-download-options',
    ]) {
      expect(res.headers[name]).toBeUndefined();
    }
  }
});

test('public data given to a visitor carries nosniff alone; the same data given to a signed-in caller carries the API’s set', async () => {
  ctx = await createTestContext();
  const publisher = await createPublisher(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0);
  const student = await createStudent(ctx);
  for (const url of [
    '/api/courses/GetAllCoursesDetail',
    `/api/courses/details/${course.id}`,
    '/api/pricingplan',
  ]) {
    const visitor = await call(ctx.app, { method: 'GET', url });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'cross-origin-resource-policy', 'x-frame-options']) {
      expect(visitor.headers[name]).toBeUndefined();
    }
    const signedIn = await call(ctx.app, { method: 'GET', url, token: student.token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(signedIn.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(signedIn.headers['cache-control']).toBe('no-store');
  }
});

test('HSTS when PUBLIC_URL is https; PayPal origins only when PayPal is configured', async () => {
  ctx = await createTestContext({
    PUBLIC_URL: 'https://school.example',
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
  });
  const json = await call(ctx.app, { method: 'GET', url: '/api/health' });
  expect(json.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  const res = await call(ctx.app, { method: 'GET', url: '/api/docs' });
  expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  const csp = directives(res.headers['content-security-policy']);
  expect(csp.get('script-src')).toEqual(["'self'", 'https://www.paypal.com', 'https://*.paypal.com']);
  expect(csp.get('frame-src')).toContain('https://*.paypal.com');
});

test('signed-in answers are never stored; public and media answers keep their own caching', async () => {
  ctx = await createTestContext();
  const publisher = await createPublisher(ctx);
  const mine = await call(ctx.app, {
    method: 'GET',
    url: `/api/courses/GetCoursesbyOrgId?org_Id=${publisher.orgId}`,
    token: publisher.token,
  });
  expect(mine.statusCode).toBe(200);
  expect(mine.headers['cache-control']).toBe('no-store');
  const failed = await call(ctx.app, { method: 'GET', url: '/api/users/checkUserExists', token: 'nonsense' });
  expect(failed.statusCode).toBe(401);
  expect(failed.headers['cache-control']).toBe('no-store');
  const visitor = await call(ctx.app, { method: 'GET', url: '/api/courses/GetAllCoursesDetail' });
  expect(visitor.headers['cache-control']).not.toBe('no-store');
});

test('lesson media from a bucket: its origin joins media, frames and fetches, never scripts', async () => {
  const config = testConfig({
    S3_BUCKET: 'lessons',
    S3_REGION: 'eu-central-1',
    S3_ENDPOINT: 'https://storage.example:9000',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: 'true',
  });
  if (!config.s3) throw new Error('no S3 settings');
  // Presigning makes no request: no bucket needs to answer.
  const storage = new S3Storage(config.s3);
  try {
    const origin = await mediaOriginOf(storage);
    expect(origin).toBe('https://storage.example:9000');
    const csp = contentSecurityPolicy({ paypal: false, mediaOrigin: origin });
    expect(csp.mediaSrc).toContain(origin);
    expect(csp.frameSrc).toContain(origin);
    expect(csp.connectSrc).toContain(origin);
    expect(csp.scriptSrc).toEqual(["'self'"]);
  } finally {
    storage.close();
  }
});
