import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, type TestUser } from '../../test/factories';
import { call, createTestContext, type TestContext } from '../../test/helpers';
import { courses } from '../db/schema';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A real HTTP request: the shortcut sits in the server's request event, which `inject` does not reach. */
function get(ctx: TestContext, url: string, headers: Record<string, string> = {}, method = 'GET') {
  const { port } = ctx.app.server.address() as AddressInfo;
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * A request written byte for byte: header names in the case given and repeated lines, as clients send
 * them (Node's client would merge or reject some). Answers the status line and the header lines.
 */
function rawGet(ctx: TestContext, url: string, lines: string[], body = '') {
  const { port } = ctx.app.server.address() as AddressInfo;
  return new Promise<{ status: number; head: string }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${lines.map((line) => `${line}\r\n`).join('')}\r\n${body}`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase() });
    });
  });
}

/** Everything but the moment it was sent. */
const comparable = ({ status, headers, body }: Answer) => {
  const { date: _date, ...rest } = headers;
  return { status, headers: rest, body: body.toString('base64') };
};

/** A context whose Fastify counts the requests it is given: the shortcut's answers never reach it. */
async function countingContext(env: Record<string, string> = {}) {
  const routed = { count: 0 };
  const ctx = await createTestContext({ PUBLIC_CACHE_SECONDS: '60', ...env }, (app) => {
    app.addHook('onRequest', (_request, _reply, done) => {
      routed.count += 1;
      done();
    });
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, routed };
}

describe('a visitor’s cached public answer', () => {
  let ctx: TestContext;
  let routed: { count: number };
  let publisher: TestUser;
  let courseId: number;
  let wideCourseId: number;
  const pageUrl = '/api/courses/GetAllCoursesDetail?page=1&pageSize=12';

  beforeAll(async () => {
    ({ ctx, routed } = await countingContext());
    publisher = await createPublisher(ctx);
    // Enough courses for the page to pass the size at which answers are compressed.
    for (let i = 0; i < 6; i += 1) {
      const course = await createCourse(ctx, publisher.orgId ?? 0, {
        title: `Course number ${i} of the catalogue`,
      });
      courseId = course.id;
    }
    // Written as text by the shortcut: its length must be the UTF-8 bytes', not the characters'.
    wideCourseId = (
      await createCourse(ctx, publisher.orgId ?? 0, {
        title: 'Café crème, 日本語 et ☕ 🎓',
      })
    ).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  test.each([
    ['course detail, plain', () => `/api/courses/details/${courseId}`, {}],
    ['course detail beyond ASCII', () => `/api/courses/details/${wideCourseId}`, {}],
    ['catalogue page, plain', () => pageUrl, {}],
    ['catalogue page, gzip', () => pageUrl, { 'accept-encoding': 'gzip, deflate' }],
    ['catalogue page, brotli', () => pageUrl, { 'accept-encoding': 'gzip, br' }],
    ['preview curriculum', () => `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${courseId}`, {}],
    ['plan prices', () => '/api/pricingplan', {}],
  ])(
    '%s: answered again from memory, byte for byte as the route answered it',
    async (_name, url, headers) => {
      const first = await get(ctx, url(), headers);
      expect(first.status).toBe(200);
      const before = routed.count;
      const again = await get(ctx, url(), headers);
      expect(routed.count).toBe(before);
      expect(comparable(again)).toEqual(comparable(first));
    },
  );

  test('the compressed answers decode to the plain one, with its total', async () => {
    const plain = await get(ctx, pageUrl);
    const gzip = await get(ctx, pageUrl, { 'accept-encoding': 'gzip' });
    const brotli = await get(ctx, pageUrl, { 'accept-encoding': 'br' });
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
    expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
    for (const answer of [plain, gzip, brotli]) {
      expect(answer.headers['x-total-count']).toBe('7');
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('a matching If-None-Match gets the route’s 304, from memory', async () => {
    const url = `/api/courses/details/${courseId}`;
    const { headers } = await get(ctx, url);
    const etag = String(headers.etag);
    const before = routed.count;
    const cached = await get(ctx, url, { 'if-none-match': etag });
    expect(routed.count).toBe(before);
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
    const other = await get(ctx, url, { 'if-none-match': 'W/"another"' });
    expect(other.status).toBe(200);
    // A 304 the route makes itself, once the shortcut stands aside, says the same.
    const routedAnswer = await call(ctx.app, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(routedAnswer.statusCode).toBe(304);
    const { date: _date, connection: _c, 'keep-alive': _k, ...fromShortcut } = cached.headers;
    for (const [name, value] of Object.entries(fromShortcut)) expect(routedAnswer.headers[name]).toBe(value);
  });

  test('a signed-in caller, a HEAD and a request with a body always go through the route', async () => {
    const url = `/api/courses/details/${courseId}`;
    await get(ctx, url);
    let before = routed.count;
    const signedIn = await get(ctx, url, { authorization: `Bearer ${publisher.token}` });
    expect(routed.count).toBe(before + 1);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    before = routed.count;
    const head = await get(ctx, url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(routed.count).toBe(before + 1);
    before = routed.count;
    await get(ctx, url, { 'content-length': '0' });
    expect(routed.count).toBe(before + 1);
  });

  test('header lines are read in any case and, repeated, joined as Node joins them', async () => {
    const url = `/api/courses/details/${courseId}`;
    const etag = String((await get(ctx, url)).headers.etag);
    let before = routed.count;
    expect((await rawGet(ctx, url, [`If-None-Match: ${etag}`])).status).toBe(304);
    expect((await rawGet(ctx, url, ['IF-NONE-MATCH: W/"another"', `if-none-match: ${etag}`])).status).toBe(
      304,
    );
    expect((await rawGet(ctx, url, ['If-None-Match: W/"another"'])).status).toBe(200);
    const gzip = await rawGet(ctx, pageUrl, ['Accept-Encoding: identity', 'ACCEPT-ENCODING: gzip']);
    expect(gzip.head).toContain('content-encoding: gzip');
    expect(routed.count).toBe(before);
    // A token or a body in any case is the route's.
    const signedIn = await rawGet(ctx, url, [`AUTHORIZATION: Bearer ${publisher.token}`]);
    expect(signedIn.head).toContain('cache-control: no-store');
    expect(routed.count).toBe(before + 1);
    before = routed.count;
    await rawGet(ctx, url, ['Content-Length: 0']);
    await rawGet(ctx, url, ['Transfer-Encoding: chunked'], '0\r\n\r\n');
    expect(routed.count).toBe(before + 2);
  });

  test('a URL spelled differently is routed once, then answered from memory', async () => {
    const url = `${pageUrl}&unknown=1`;
    const before = routed.count;
    const first = await get(ctx, url);
    expect(routed.count).toBe(before + 1);
    await get(ctx, url);
    expect(routed.count).toBe(before + 1);
    expect(first.body).toEqual((await get(ctx, pageUrl)).body);
  });

  test('a change to public data is seen by the next visitor at once', async () => {
    const url = `/api/courses/details/${courseId}`;
    expect((await get(ctx, url)).status).toBe(200);
    const unpublished = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: courseId, published: false },
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const before = routed.count;
    const after = await get(ctx, url);
    expect(routed.count).toBe(before + 1);
    expect(after.status).toBe(404);
    // A refusal is never remembered: the next one is routed too.
    await get(ctx, url);
    expect(routed.count).toBe(before + 2);
  });
});

/** Renames a course behind the app's back: no change goes through it, so nothing is cleared. */
async function renameDirectly(ctx: TestContext, id: number, title: string) {
  await ctx.database.db.update(courses).set({ title }).where(eq(courses.id, id));
}

/** A context with one course whose detail a visitor has been answered with through its route. */
async function withAnsweredCourse(
  env: Record<string, string>,
  run: (c: { ctx: TestContext; routed: { count: number }; courseId: number; url: string }) => Promise<void>,
) {
  const { ctx, routed } = await countingContext(env);
  try {
    const publisher = await createPublisher(ctx);
    const course = await createCourse(ctx, publisher.orgId ?? 0, { title: 'First title' });
    const url = `/api/courses/details/${course.id}`;
    await get(ctx, url);
    await run({ ctx, routed, courseId: course.id, url });
  } finally {
    await ctx.close();
  }
}

const titleIn = (answer: Answer) => JSON.parse(answer.body.toString()).course_title;

test('past PUBLIC_CACHE_SECONDS the answer is computed again, still without routing', async () => {
  await withAnsweredCourse({ PUBLIC_CACHE_SECONDS: '1' }, async ({ ctx, routed, courseId, url }) => {
    const before = routed.count;
    await renameDirectly(ctx, courseId, 'Second title');
    expect(titleIn(await get(ctx, url))).toBe('First title');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(titleIn(await get(ctx, url))).toBe('Second title');
    expect(routed.count).toBe(before);
  });
});

test('with PUBLIC_CACHE_SECONDS=0 every request sees the database; one that fails is the route’s to answer', async () => {
  await withAnsweredCourse({ PUBLIC_CACHE_SECONDS: '0' }, async ({ ctx, routed, courseId, url }) => {
    const before = routed.count;
    await renameDirectly(ctx, courseId, 'Second title');
    expect(titleIn(await get(ctx, url))).toBe('Second title');
    // Many at once are all answered here, none routed.
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(ctx, url)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(routed.count).toBe(before);
    await ctx.database.db.update(courses).set({ published: false }).where(eq(courses.id, courseId));
    const refused = await get(ctx, url);
    expect(refused.status).toBe(404);
    expect(routed.count).toBe(before + 1);
    expect(JSON.parse(refused.body.toString()).message).toMatch(/Course/);
    // The next request for it is its route's too.
    await get(ctx, url);
    expect(routed.count).toBe(before + 2);
  });
});

test('with LOG_REQUESTS every request reaches the route, and its log', async () => {
  const { ctx, routed } = await countingContext({ LOG_REQUESTS: 'true' });
  try {
    const url = '/api/courses/GetAllCoursesDetail';
    await get(ctx, url);
    const before = routed.count;
    await get(ctx, url);
    expect(routed.count).toBe(before + 1);
  } finally {
    await ctx.close();
  }
});
