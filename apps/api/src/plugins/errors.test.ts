import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorCourse } from '../../test/authoring';
import { createPublisher } from '../../test/factories';
import { call, createTestContext, type TestContext } from '../../test/helpers';
import { imagePart, upload } from '../../test/uploads';
import { users } from '../db/schema';
import { loggableError } from '../lib/db-errors';
import { logSerializers, redactUrl } from '../lib/log-redaction';
import { LocalDiskStorage } from '../lib/storage';
import { receiveUpload } from '../lib/upload';
import { registerErrorHandling } from './errors';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const exec = (text: string) => ctx.database.db.execute(sql.raw(text));

describe('a change that meets a constraint because another came first is a 409', () => {
  test('a course saved while its category is deleted', async () => {
    const publisher = await createPublisher(ctx);
    const { author } = await authorCourse(ctx, publisher.token);
    const category = (
      await call(ctx.app, {
        method: 'POST',
        url: '/api/coursecategory/CreateCourseCategory',
        token: publisher.token,
        body: { category_name: 'Going away' },
      })
    ).json();
    // The category goes between the service's check and the insert, as another request would.
    await exec(`create function take_category_away() returns trigger language plpgsql as $$
      begin delete from categories where id = new.category_id; return new; end $$`);
    await exec(`create trigger take_category_away before insert on courses
      for each row execute function take_category_away()`);
    try {
      const res = await upload(
        ctx.app,
        'POST',
        '/api/courses/createCourse',
        publisher.token,
        {
          'Object.course_title': 'Raced',
          'Object.course_description': 'Saved as its category goes.',
          'Object.price': '10',
          'Object.price_type_Id': '2',
          'Object.category_id': String(category.category_Id),
          'Object.author_id': String(author.author_id),
        },
        imagePart(undefined, 'cover.png'),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        code: 'CONFLICT',
        message:
          'A record this change refers to no longer exists; it may have just been deleted. Please reload and try again.',
      });
    } finally {
      await exec('drop trigger take_category_away on courses');
      await exec('drop function take_category_away()');
    }
  });

  test('a category or author deleted while a course takes it', async () => {
    const publisher = await createPublisher(ctx);
    const { course, author } = await authorCourse(ctx, publisher.token);
    const second = (
      await call(ctx.app, {
        method: 'POST',
        url: '/api/coursecategory/CreateCourseCategory',
        token: publisher.token,
        body: { category_name: 'Taken meanwhile' },
      })
    ).json();
    // Courses move to the category, and to the author, just as each is being deleted.
    await exec(`create function take_it_meanwhile() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'categories' then
          update courses set category_id = old.id where id = ${Number(course.course_Id)};
        else
          update courses set author_id = old.id where id = ${Number(course.course_Id)};
        end if;
        return old;
      end $$`);
    await exec(`create trigger take_it_meanwhile before delete on categories
      for each row execute function take_it_meanwhile()`);
    try {
      const res = await call(ctx.app, {
        method: 'DELETE',
        url: `/api/coursecategory/DeleteCourseCategoryAsync?category_Id=${second.category_Id}`,
        token: publisher.token,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'This category is used by a course; move it to another category first.',
      });
    } finally {
      await exec('drop trigger take_it_meanwhile on categories');
    }

    const spare = (
      await upload(
        ctx.app,
        'POST',
        '/api/authors/CreateAuthors',
        publisher.token,
        {
          'Object.first_name': 'Spare',
          'Object.last_name': 'Author',
          'Object.gender': 'M',
          'Object.email_address': 'spare@example.com',
        },
        imagePart(),
      )
    ).json();
    expect(spare.author_id).not.toBe(author.author_id);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/authors/GetAuthorById/${spare.author_id}`,
          token: publisher.token,
        })
      ).statusCode,
    ).toBe(200);
    await exec(`create trigger take_it_meanwhile before delete on authors
      for each row execute function take_it_meanwhile()`);
    try {
      const res = await call(ctx.app, {
        method: 'DELETE',
        url: `/api/authors/${spare.author_id}`,
        token: publisher.token,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'This author is shown on a course; choose another author for it first.',
      });
    } finally {
      await exec('drop trigger take_it_meanwhile on authors');
      await exec('drop function take_it_meanwhile()');
    }
  });
});

/** A logger writing into memory, set up as the app's (app.ts): the same serializers and redaction. */
function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({
    logger: {
      level: 'info',
      stream,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: logSerializers,
    },
  });
  registerErrorHandling(app);
  return { app, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('logs', () => {
  test("a failed query's parameters never reach the log", async () => {
    const fakeHash = 'scrypt$16384$8$1$c2VjcmV0LXNhbHQtdmFsdWU=$bm90LWEtcmVhbC1oYXNoLWJ1dC1zZWNyZXQ=';
    const { app, lines, entries } = captureLogs();
    app.get('/fails', async () => {
      // A real query that fails: the hash goes where a number belongs (the driver quotes the value).
      await ctx.database.db.insert(users).values({
        email: 'never@example.com',
        passwordHash: fakeHash,
        fullName: 'Never',
        roleId: sql`${fakeHash}::int`,
      });
      return 'unreachable';
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/fails' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(fakeHash);
      const logged = entries().find((entry) => entry.msg === 'unhandled error');
      expect(logged?.err).toMatchObject({
        type: 'DrizzleQueryError',
        query: expect.stringContaining('insert'),
      });
      // Logged again through the `err` serializer by any other log call.
      app.log.error(
        { err: await ctx.database.db.execute(sql`select ${fakeHash}::int`).catch((e) => e) },
        'x',
      );
      expect(lines.join('\n')).not.toContain(fakeHash);
      expect(lines.join('\n')).not.toContain('c2VjcmV0LXNhbHQtdmFsdWU');
      expect(lines.join('\n')).toContain('invalid input syntax for type integer');
    } finally {
      await app.close();
    }
  });

  test('loggableError knows Drizzle errors by their class', async () => {
    const error: unknown = await ctx.database.db
      .execute(sql`select ${'secret-value-1234'}::int`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    // Drizzle 0.45 leaves the name at "Error", so a check on the name would never match.
    expect((error as Error).name).not.toBe('DrizzleQueryError');
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain('secret-value-1234');
    expect(JSON.stringify(loggableError(error))).not.toContain('secret-value-1234');
    const plain = new Error('plain');
    expect(loggableError(plain)).toBe(plain);
  });

  test('signatures and tokens in a URL are redacted from request logs', async () => {
    expect(redactUrl('/api/media/lessons/5?expires=99&signature=abc123&token=t0k&x=1')).toBe(
      '/api/media/lessons/5?expires=99&signature=[redacted]&token=[redacted]&x=1',
    );
    expect(redactUrl('/api/courses/GetAllCoursesDetail')).toBe('/api/courses/GetAllCoursesDetail');
    const { app, lines } = captureLogs();
    app.get('/api/media/lessons/:id', async () => 'ok');
    await app.ready();
    try {
      await app.inject({
        method: 'GET',
        url: '/api/media/lessons/5?expires=99&signature=5ecretSignature&access_token=5ecretToken',
      });
      const text = lines.join('\n');
      expect(text).toContain('/api/media/lessons/5?expires=99&signature=[redacted]&access_token=[redacted]');
      expect(text).not.toContain('5ecret');
    } finally {
      await app.close();
    }
  });

  test('a client that drops an upload mid-request is logged at info as such, not as an error', async () => {
    const { app, entries } = captureLogs();
    const filesDir = await mkdtemp(path.join(tmpdir(), 'skillwise-abort-'));
    const storage = new LocalDiskStorage(filesDir);
    await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 ** 2, files: 1 } });
    app.post('/upload', async (request, reply) => {
      const received = await receiveUpload(request, reply, storage, {
        field: 'file',
        maxBytes: 10 * 1024 ** 2,
        refuse: () => undefined,
      });
      return { key: received.file?.key };
    });
    await listen(app);
    try {
      const { port } = app.server.address() as { port: number };
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      const boundary = 'skillwiseabort';
      socket.write(
        [
          'POST /upload HTTP/1.1',
          'Host: 127.0.0.1',
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          'Content-Length: 5000000',
          '',
          `--${boundary}`,
          'Content-Disposition: form-data; name="file"; filename="a.txt"',
          'Content-Type: text/plain',
          '',
          'the first part of a long text file '.repeat(500),
        ].join('\r\n'),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      const dropped = (entry: Record<string, unknown>) => /client closed/.test(String(entry.msg));
      for (let waited = 0; waited < 3000 && !entries().some(dropped); waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const logged = entries();
      expect(logged.filter((entry) => Number(entry.level) >= 50)).toEqual([]);
      expect(logged.filter(dropped)).toMatchObject([{ level: 30 }]);
    } finally {
      await app.close();
      await rm(filesDir, { recursive: true, force: true });
    }
  });
});

/** An ephemeral port on the loopback interface. */
async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
}
