import { afterEach, expect, test } from 'vitest';
import { createPublisher } from '../../test/factories';
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

test('every answer carries the CSP (scripts and styles from self, no inline script) and the other headers', async () => {
  ctx = await createTestContext();
  const res = await call(ctx.app, { method: 'GET', url: '/api/courses/GetAllCoursesDetail' });
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

test('HSTS when PUBLIC_URL is https; PayPal origins only when PayPal is configured', async () => {
  ctx = await createTestContext({
    PUBLIC_URL: 'https://school.example',
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
  });
  const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
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
