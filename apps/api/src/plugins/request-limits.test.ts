import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addSection, authorCourse } from '../../test/authoring';
import { createPublisher, type TestUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/helpers';
import { fixtures, multipart } from '../../test/uploads';

// Short limits, so a stalled request is cut within the test: a second to send headers or a small body,
// and an upload must bring 100 bytes a second over each second.
const SECONDS = 1;
const MIN_RATE = 100;
let ctx: TestContext;
let port: number;
let publisher: TestUser;
let sectionId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    REQUEST_TIMEOUT_SECONDS: String(SECONDS),
    UPLOAD_MIN_BYTES_PER_SECOND: String(MIN_RATE),
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
  publisher = await createPublisher(ctx);
  const { course } = await authorCourse(ctx, publisher.token);
  sectionId = (await addSection(ctx, publisher.token, course.course_Id)).section_Id;
});
afterAll(async () => ctx.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { status?: number; closedAfterMs: number };

/**
 * Sends a request whose head says `length` bytes of body and then `chunks`, one every `everyMs`: answers
 * the status if an answer came, and when the connection ended.
 */
function trickle(options: {
  path: string;
  headers: Record<string, string>;
  length: number;
  chunks: Buffer[];
  everyMs: number;
}): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    let status: number | undefined;
    const done = () => resolve({ status, closedAfterMs: Date.now() - started });
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: options.path,
        headers: { ...options.headers, 'content-length': String(options.length) },
      },
      (res) => {
        status = res.statusCode;
        res.resume();
        res.on('close', done);
      },
    );
    req.on('error', done);
    req.flushHeaders();
    void (async () => {
      for (const chunk of options.chunks) {
        await sleep(options.everyMs);
        if (req.destroyed) return;
        req.write(chunk);
      }
      if (!req.destroyed) req.end();
    })();
  });
}

/** A PDF lesson of `bytes` uploaded through lessons/createLessons, `size` bytes every `everyMs`. */
function uploadLesson(bytes: number, size: number, everyMs: number): Promise<Outcome> {
  const form = multipart(
    {
      'Object.lesson_Id': 0,
      'Object.lesson_title': 'Over a slow link',
      'Object.contentType': 'pdf',
      'Object.section_Id': sectionId,
    },
    { field: 'fileName', filename: 'lesson.pdf', contentType: 'application/pdf', data: fixtures.pdf(bytes) },
  );
  return trickle({
    path: '/api/lessons/createLessons',
    headers: { 'content-type': form.contentType, authorization: `Bearer ${publisher.token}` },
    length: form.payload.length,
    chunks: Array.from({ length: Math.ceil(form.payload.length / size) }, (_, i) =>
      form.payload.subarray(i * size, i * size + size),
    ),
    everyMs,
  });
}

describe('a client that does not send its request', () => {
  test('late headers are cut after REQUEST_TIMEOUT_SECONDS with a 408', async () => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
    });
    // A header written as the server cuts the connection can meet a reset: the close still follows.
    socket.on('error', () => undefined);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const timer = setInterval(() => socket.writable && socket.write('X-Slow: a\r\n'), 200);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(timer);
    const elapsed = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeGreaterThanOrEqual(SECONDS * 1000 - 50);
    expect(elapsed).toBeLessThan(SECONDS * 1000 * 3);
  });

  test('a JSON body sent a byte at a time is cut after REQUEST_TIMEOUT_SECONDS', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'a@example.com', password: 'x'.repeat(60) }));
    const outcome = await trickle({
      path: '/api/users/Login',
      headers: { 'content-type': 'application/json' },
      length: body.length,
      chunks: [...body].map((byte) => Buffer.from([byte])),
      everyMs: 100,
    });
    expect(outcome.status).toBeUndefined();
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(SECONDS * 1000 - 50);
    expect(outcome.closedAfterMs).toBeLessThan(SECONDS * 1000 * 3);
  });

  test('an upload slower than UPLOAD_MIN_BYTES_PER_SECOND is cut after a window', async () => {
    // Ten bytes every 200 ms: 50 bytes a second, half the least allowed.
    const outcome = await uploadLesson(8192, 10, 200);
    expect(outcome.status).toBeUndefined();
    expect(outcome.closedAfterMs).toBeLessThan(SECONDS * 1000 * 4);
  });

  test('an upload that keeps coming, slowly but above the rate, is taken however long it takes', async () => {
    // 300 bytes every 100 ms: 3,000 a second, for over two windows.
    const outcome = await uploadLesson(6000, 300, 100);
    expect(outcome.status).toBeGreaterThanOrEqual(200);
    expect(outcome.status).toBeLessThan(300);
    expect(outcome.closedAfterMs).toBeGreaterThan(SECONDS * 1000 * 2);
  });
});
