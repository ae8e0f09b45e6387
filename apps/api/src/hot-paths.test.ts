import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStudent } from '../test/factories';
import { call, createTestContext, type TestContext } from '../test/helpers';
import { rowsOf } from './db/client';
import { inPasswordTurn, limitPasswordHashQueue, passwordHashing } from './lib/crypto';
import { currentQueryContext, isClientGone, queryContextsInUse } from './lib/request-context';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

/** Test-only reads: a deliberately slow statement, and reads that wait for their client to leave. */
function testRoutes(app: FastifyInstance, outcomes: Map<string, Deferred<unknown>>) {
  const db = () => (app as FastifyInstance & { testDb: TestContext['database']['db'] }).testDb;
  app.get('/api/test/slow-read', async () => {
    // PostgreSQL cancels this at the statement timeout; the embedded database finishes it, then refuses it.
    await db().execute(sql`select pg_sleep(${onServer ? 60 : 1.5})`);
    await db().execute(sql`select 1`);
    return { finished: true };
  });
  app.get('/api/test/read-after-leaving/:id', async (request) => {
    const { id } = request.params as { id: string };
    const signal = currentQueryContext()?.signal;
    outcomes.get(`${id}:started`)?.resolve(true);
    await new Promise((resolve) => signal?.addEventListener('abort', resolve, { once: true }));
    const result = await db()
      .execute(sql`select 1`)
      .then(
        () => 'ran',
        (error: unknown) => error,
      );
    outcomes.get(id)?.resolve(result);
    return {};
  });
  // The session lookup and other hooks run before the handler, without a context: a client may leave then.
  app.get(
    '/api/test/left-before-handler/:id',
    {
      preHandler: async (request, reply) => {
        const { id } = request.params as { id: string };
        outcomes.get(`${id}:started`)?.resolve(true);
        await new Promise((resolve) => reply.raw.once('close', resolve));
        outcomes.get(`${id}:closed`)?.resolve(true);
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      outcomes.get(id)?.resolve('handler ran');
      return {};
    },
  );
  app.get('/api/test/long-read/:id', async (request) => {
    const { id } = request.params as { id: string };
    const result = await db()
      .execute(sql`select pg_sleep(60), 'long-read' as marker`)
      .then(
        () => 'ran',
        (error: unknown) => error,
      );
    outcomes.get(id)?.resolve(result);
    return {};
  });
}

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void };
const deferred = <T>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

async function contextWithTestRoutes(env: Record<string, string>) {
  const outcomes = new Map<string, Deferred<unknown>>();
  let appRef: FastifyInstance | undefined;
  const ctx = await createTestContext(env, (app) => {
    appRef = app;
    testRoutes(app, outcomes);
  });
  (appRef as FastifyInstance & { testDb: unknown }).testDb = ctx.database.db;
  return { ctx, outcomes };
}

let timed: Awaited<ReturnType<typeof contextWithTestRoutes>>;
let plain: Awaited<ReturnType<typeof contextWithTestRoutes>>;

beforeAll(async () => {
  // One second is far more than any ordinary statement of these tests needs, however busy the machine.
  timed = await contextWithTestRoutes({ DB_STATEMENT_TIMEOUT_MS: '1000' });
  plain = await contextWithTestRoutes({});
});

afterAll(async () => {
  await timed?.ctx.close();
  await plain?.ctx.close();
});

describe('statement timeout', () => {
  test('a read past DB_STATEMENT_TIMEOUT_MS answers 503 with Retry-After, and the server keeps serving', async () => {
    const started = Date.now();
    const res = await call(timed.ctx.app, { method: 'GET', url: '/api/test/slow-read' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'DATABASE_TIMEOUT' });
    expect(res.json().message).toMatch(/took too long/);
    // The statement would sleep 60 s on PostgreSQL: the answer came long before.
    expect(Date.now() - started).toBeLessThan(30_000);

    const health = await call(timed.ctx.app, { method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const student = await createStudent(timed.ctx);
    const courses = await call(timed.ctx.app, {
      method: 'GET',
      url: `/api/studentCourse/GetAssignedCourses/${student.userId}`,
      token: student.token,
    });
    expect(courses.statusCode).toBe(200);
  });

  test.skipIf(!onServer)('every pooled connection carries the timeout', async () => {
    const { rows } = (await timed.ctx.database.db.execute(sql`show statement_timeout`)) as {
      rows: Array<{ statement_timeout: string }>;
    };
    expect(rows[0]?.statement_timeout).toBe('1s');
  });
});

/** Opens a real connection to the app, and closes it once `ready` says the request is under way. */
async function leaveWhen(app: FastifyInstance, url: string, ready: Promise<unknown>) {
  const address = app.server.address() as AddressInfo;
  const request = http.get({ host: '127.0.0.1', port: address.port, path: url });
  request.on('error', () => undefined);
  await ready;
  request.destroy();
}

describe('a client that leaves', () => {
  beforeAll(async () => {
    await plain.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  test('starts no further query for a read whose client closed the connection', async () => {
    const id = 'after-leaving';
    const started = deferred<unknown>();
    const outcome = deferred<unknown>();
    plain.outcomes.set(`${id}:started`, started);
    plain.outcomes.set(id, outcome);
    await leaveWhen(plain.ctx.app, `/api/test/read-after-leaving/${id}`, started.promise);
    const result = await outcome.promise;
    expect(result).not.toBe('ran');
    expect(isClientGone(result)).toBe(true);
    expect((await call(plain.ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  test('a read keeps its own context while others start and finish around it', async () => {
    const id = 'among-others';
    const started = deferred<unknown>();
    const outcome = deferred<unknown>();
    plain.outcomes.set(`${id}:started`, started);
    plain.outcomes.set(id, outcome);
    const address = plain.ctx.app.server.address() as AddressInfo;
    const request = http.get({
      host: '127.0.0.1',
      port: address.port,
      path: `/api/test/read-after-leaving/${id}`,
    });
    request.on('error', () => undefined);
    await started.promise;
    // Reads of other clients run to their end meanwhile, over real connections and through inject.
    for (let i = 0; i < 3; i += 1) {
      const answer = await fetch(`http://127.0.0.1:${address.port}/api/courses/GetAllCoursesDetail`);
      expect(answer.status).toBe(200);
      expect((await call(plain.ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    request.destroy();
    expect(isClientGone(await outcome.promise)).toBe(true);
    // Once every read has settled no context is in use, and the storage is off until the next one.
    await expect.poll(queryContextsInUse).toBe(0);
    expect(currentQueryContext()).toBeUndefined();
  });

  test('a read whose client left before its handler started is not started', async () => {
    const id = 'before-handler';
    const started = deferred<unknown>();
    const closed = deferred<unknown>();
    const outcome = deferred<unknown>();
    plain.outcomes.set(`${id}:started`, started);
    plain.outcomes.set(`${id}:closed`, closed);
    plain.outcomes.set(id, outcome);
    await leaveWhen(plain.ctx.app, `/api/test/left-before-handler/${id}`, started.promise);
    await closed.promise;
    // The handler would run right after the hook: a later turn of the event loop has seen it or not.
    const ran = await Promise.race([
      outcome.promise,
      new Promise((resolve) => setTimeout(resolve, 50, 'not run')),
    ]);
    expect(ran).toBe('not run');
    expect(queryContextsInUse()).toBe(0);
    expect((await call(plain.ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  test.skipIf(!onServer)('cancels the statement it is running on PostgreSQL', async () => {
    const id = 'long-read';
    const outcome = deferred<unknown>();
    plain.outcomes.set(id, outcome);
    const running = (async () => {
      for (;;) {
        const active = rowsOf(
          await plain.ctx.database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where state = 'active' and query like '%''long-read'' as marker%' and pid <> pg_backend_pid()`,
          ),
        );
        if ((active[0] as { n: number } | undefined)?.n) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await leaveWhen(plain.ctx.app, `/api/test/long-read/${id}`, running);
    // Without the cancellation this would wait the statement's 60 s, past the test's time limit.
    const result = await outcome.promise;
    expect(isClientGone(result)).toBe(true);
    expect((await call(plain.ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('password hashing under load', () => {
  test('logins still work under normal load', async () => {
    const students = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createStudent(plain.ctx, `Load ${i}`)),
    );
    const answers = await Promise.all(
      students.map((student) =>
        call(plain.ctx.app, {
          method: 'POST',
          url: '/api/users/Login',
          body: { username: student.email, password: student.password },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(students.map(() => 200));
  });

  test('a login that finds the line full answers a fast 503 with Retry-After, then works', async () => {
    const student = await createStudent(plain.ctx);
    limitPasswordHashQueue(1);
    try {
      // Every slot is held until the test lets go, and the line behind them is full: no timing involved.
      const { slots, maxWaiting } = passwordHashing();
      const gate = deferred<void>();
      const fill = Array.from({ length: slots + maxWaiting }, () => inPasswordTurn(() => gate.promise));
      expect(passwordHashing()).toMatchObject({ running: slots, waiting: maxWaiting });
      const busy = await call(plain.ctx.app, {
        method: 'POST',
        url: '/api/users/Login',
        body: { username: student.email, password: student.password },
      });
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json()).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'SERVER_BUSY',
      });
      gate.resolve();
      await Promise.all(fill);
    } finally {
      limitPasswordHashQueue(64);
    }
    const ok = await call(plain.ctx.app, {
      method: 'POST',
      url: '/api/users/Login',
      body: { username: student.email, password: student.password },
    });
    expect(ok.statusCode).toBe(200);
  });
});
