import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { COMPRESSED_AT_ONCE_BYTES, pickEncoding } from './compression';

const big = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Course number ${i}` }));
/** Past the size compressed at once: compressed in the thread pool. */
const huge = Array.from({ length: 4000 }, (_, i) => ({ id: i, title: `Course number ${i}` }));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, (app) => {
    app.get('/api/test-big', async () => big);
    app.get('/api/test-huge', async () => huge);
    app.get('/api/test-huge-cached', async (_request, reply) => reply.header('etag', '"v2"').send(huge));
    app.get('/api/test-small', async () => ({ ok: true }));
    app.get('/api/test-cached', async (_request, reply) => reply.header('etag', '"v1"').send(big));
  });
});
afterAll(async () => ctx.close());

test('the encoding follows Accept-Encoding: brotli first, gzip next, q=0 refuses', () => {
  expect(pickEncoding(undefined)).toBeUndefined();
  expect(pickEncoding('gzip, deflate, br')).toBe('br');
  expect(pickEncoding('gzip')).toBe('gzip');
  expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
  expect(pickEncoding('identity')).toBeUndefined();
  expect(pickEncoding('*')).toBe('gzip');
});

test('a large JSON answer is compressed for clients that take it, and says it varies', async () => {
  const plain = await ctx.app.inject({ method: 'GET', url: '/api/test-big' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toBe('accept-encoding');
  expect(plain.json()).toEqual(big);

  const br = await ctx.app.inject({
    method: 'GET',
    url: '/api/test-big',
    headers: { 'accept-encoding': 'br' },
  });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toBe('accept-encoding');
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

  const gz = await ctx.app.inject({
    method: 'GET',
    url: '/api/test-big',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
});

test('an answer too large to compress at once is compressed in the thread pool, the same way', async () => {
  const plain = await ctx.app.inject({ method: 'GET', url: '/api/test-huge' });
  expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSED_AT_ONCE_BYTES);
  for (const [encoding, decompress] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    for (const url of ['/api/test-huge', '/api/test-huge-cached', '/api/test-huge-cached']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decompress(res.rawPayload).toString())).toEqual(huge);
    }
  }
});

test('small answers and errors too small to gain are sent as they are', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/test-small',
    headers: { 'accept-encoding': 'br' },
  });
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.json()).toEqual({ ok: true });
});

test('a cached answer (with an ETag) is compressed once and answered the same each time', async () => {
  const first = await ctx.app.inject({
    method: 'GET',
    url: '/api/test-cached',
    headers: { 'accept-encoding': 'br' },
  });
  const second = await ctx.app.inject({
    method: 'GET',
    url: '/api/test-cached',
    headers: { 'accept-encoding': 'br' },
  });
  expect(second.headers['content-encoding']).toBe('br');
  expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toEqual(big);
});
