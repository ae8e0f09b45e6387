import { createHash } from 'node:crypto';
import { Socket } from 'node:net';
import { inspect } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishVideoLesson } from '../../test/authoring';
import { createCourse, createPublisher, createStudent } from '../../test/factories';
import {
  call,
  createTestContext,
  MemoryMailer,
  TEST_KEYS,
  TEST_SECRET,
  type TestContext,
} from '../../test/helpers';
import { courses, enrolments, lessons, sections } from '../db/schema';
import { deriveAppKeys, KEY_PURPOSES } from './keys';
import { MailWorker } from './mail-queue';

describe('deriveAppKeys', () => {
  test('one key per purpose, none equal to another or to the root, the same for the same root', () => {
    const keys = deriveAppKeys(TEST_SECRET);
    const bytes = KEY_PURPOSES.map((purpose) => keys[purpose].export().toString('hex'));
    expect(new Set(bytes).size).toBe(KEY_PURPOSES.length);
    expect(bytes).not.toContain(Buffer.from(TEST_SECRET).toString('hex'));
    expect(deriveAppKeys(TEST_SECRET).codes.export()).toEqual(keys.codes.export());
    expect(deriveAppKeys(`${TEST_SECRET}!`).codes.export()).not.toEqual(keys.codes.export());
  });

  test('a key printed or serialised shows no byte of itself', () => {
    const { mediaUrls } = deriveAppKeys(TEST_SECRET);
    const hex = mediaUrls.export().toString('hex');
    expect(inspect(deriveAppKeys(TEST_SECRET), { depth: 5 })).not.toContain(hex.slice(0, 8));
    expect(JSON.stringify(deriveAppKeys(TEST_SECRET))).not.toContain(hex.slice(0, 8));
  });
});

/**
 * Everything this process sends to the database, byte for byte: statements and their parameters on the
 * wire to PostgreSQL, or the protocol messages handed to the embedded database. It is what a server's
 * statement log could show, and more.
 */
function captureDatabaseTraffic(): { bytes: () => Buffer; stop: () => void } {
  const chunks: Buffer[] = [];
  const keep = (data: unknown) => {
    if (typeof data === 'string') chunks.push(Buffer.from(data));
    else if (data instanceof Uint8Array) chunks.push(Buffer.from(data));
  };
  const write = Socket.prototype.write;
  Socket.prototype.write = function (this: Socket, data: unknown, ...rest: unknown[]) {
    keep(data);
    return (write as (...args: unknown[]) => boolean).call(this, data, ...rest);
  } as typeof write;
  const pglite = PGlite.prototype as unknown as Record<
    string,
    (message: Uint8Array, ...rest: unknown[]) => unknown
  >;
  const methods = ['execProtocolRaw', 'execProtocolRawSync', 'execProtocolRawStream'].filter(
    (name) => typeof pglite[name] === 'function',
  );
  const originals = new Map<string, (message: Uint8Array, ...rest: unknown[]) => unknown>();
  for (const name of methods) {
    const original = pglite[name];
    if (!original) continue;
    originals.set(name, original);
    pglite[name] = function (this: unknown, message: Uint8Array, ...rest: unknown[]) {
      keep(message);
      return original.call(this, message, ...rest);
    };
  }
  return {
    bytes: () => Buffer.concat(chunks),
    stop: () => {
      Socket.prototype.write = write;
      for (const [name, original] of originals) pglite[name] = original;
    },
  };
}

/** The forms key material could take in a statement: raw, hex (both cases), base64 and base64url. */
function encodings(material: Buffer): Buffer[] {
  return [
    material,
    Buffer.from(material.toString('hex')),
    Buffer.from(material.toString('hex').toUpperCase()),
    Buffer.from(material.toString('base64').replace(/=+$/, '')),
    Buffer.from(material.toString('base64url')),
  ];
}

/** The HMAC pads of the root secret (RFC 2104), which an earlier version sent as statement parameters. */
function rootPads(secret: string): Buffer[] {
  let key = Buffer.from(secret, 'utf8');
  if (key.length > 64) key = createHash('sha256').update(key).digest();
  const block = Buffer.alloc(64);
  key.copy(block);
  return [0x36, 0x5c].map((pad) => Buffer.from(block.map((byte) => byte ^ pad)));
}

describe('no key material reaches the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  test('enrolments, notifications and their e-mails, codes, logins, lesson URLs and a certificate', async () => {
    const capture = captureDatabaseTraffic();
    let student: Awaited<ReturnType<typeof createStudent>>;
    try {
      const { db } = ctx.database;
      const publisher = await createPublisher(ctx);
      const course = await createCourse(ctx, publisher.orgId ?? 0);
      await db.update(courses).set({ certificate: true }).where(eq(courses.id, course.id));
      const [section] = await db
        .insert(sections)
        .values({ courseId: course.id, name: 'One', published: true, orderNumber: 1 })
        .returning();
      const [lesson] = await db
        .insert(lessons)
        .values({
          sectionId: section?.id ?? 0,
          title: 'Notes',
          contentType: 'text',
          published: true,
          orderNumber: 1,
        })
        .returning();
      student = await createStudent(ctx, 'Kim Keys');
      // A student of the school already (enrolled in another of its courses).
      const other = await createCourse(ctx, publisher.orgId ?? 0, { title: 'Other' });
      await db.insert(enrolments).values({ userId: student.userId, courseId: other.id, source: 'assigned' });
      // The school enrols the student: a notification whose e-mail carries an unsubscribe link.
      const assigned = await call(ctx.app, {
        method: 'POST',
        url: `/api/studentCourse/AssignCoursetoStudent?user_id=${student.userId}&course_id=${course.id}`,
        token: publisher.token,
      });
      expect(assigned.statusCode, assigned.body).toBeLessThan(300);
      // The student finishes the course: a certificate and its notification.
      const done = await call(ctx.app, {
        method: 'POST',
        url: '/api/studentCourse/SaveLessonProgress',
        token: student.token,
        body: { lesson_Id: lesson?.id, completed: true },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().certificate).toBeDefined();
      // A lesson file's signed URL, made and then played; a login (device token) and a reset code.
      const video = await publishVideoLesson(ctx, { preview: true });
      const url = await call(ctx.app, {
        method: 'GET',
        url: `/api/lessons/GetLessonContentUrl/${video.lesson.lesson_Id}`,
      });
      expect(url.statusCode, url.body).toBe(200);
      expect((await call(ctx.app, { method: 'GET', url: url.json().content_path })).statusCode).toBe(200);
      const login = await call(ctx.app, {
        method: 'POST',
        url: '/api/users/Login',
        body: { username: student.email, password: student.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      const reset = await call(ctx.app, {
        method: 'PUT',
        url: '/api/users/resetPasswordRequest',
        body: { email: student.email },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      // The queued e-mails go out, each unsubscribe link signed on the way.
      const mailer = new MemoryMailer();
      const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
      const worker = new MailWorker({
        db,
        mailer,
        log,
        publicUrl: ctx.config.publicUrl,
        unsubscribeKey: TEST_KEYS.unsubscribeLinks,
      });
      while ((await worker.runOnce()).sent > 0);
      expect(mailer.sent.filter((m) => m.to === student.email).map((m) => m.text)).toContainEqual(
        expect.stringContaining('/unsubscribe?token='),
      );
    } finally {
      capture.stop();
    }

    const sent = capture.bytes();
    // The capture saw the statements: the student's e-mail travelled as a parameter.
    expect(sent.includes(Buffer.from(student.email))).toBe(true);
    const secrets: Array<[string, Buffer]> = [
      ['the root secret', Buffer.from(TEST_SECRET)],
      ['its inner pad', rootPads(TEST_SECRET)[0] ?? Buffer.alloc(0)],
      ['its outer pad', rootPads(TEST_SECRET)[1] ?? Buffer.alloc(0)],
      ...KEY_PURPOSES.map((purpose): [string, Buffer] => [`the ${purpose} key`, TEST_KEYS[purpose].export()]),
    ];
    for (const [name, material] of secrets) {
      for (const form of encodings(material)) {
        // Sixteen bytes of any form are enough to tell.
        expect(sent.includes(form.subarray(0, 16)), `${name} was sent to the database`).toBe(false);
      }
    }
  });
});
