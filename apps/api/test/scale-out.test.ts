import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROLE } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';
import {
  authors,
  categories,
  courses,
  organisations,
  planPrices,
  subscriptions,
  users,
} from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { startTestBucket, type TestBucket } from './s3';
import { fixtures, multipart } from './uploads';

// Scale-out (DESIGN "Scale-out"): two real server processes on one PostgreSQL database and one bucket,
// each with a DATA_DIR of its own (no shared folder). What one instance does, the other serves.
// Runs with TEST_DATABASE_URL (it creates and drops a database of its own there); skipped otherwise.

const serverUrl = process.env.TEST_DATABASE_URL;
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const PUBLIC_CACHE_SECONDS = 1;
const ACCOUNT_MAX = 3;
const PASSWORD = 'correct horse 1';

type Instance = { url: string; child: ChildProcess; output: () => string };

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A server process from the sources (as `npm run dev` runs it), ready once /api/health answers. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'skillwise-instance-'));
  scratch.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', tsx, path.join(apiRoot, 'src', 'server.ts')], {
    // Its own folder, so no .env of the working tree is read.
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const instance = { url: `http://127.0.0.1:${port}`, child, output: () => output };
  children.push(instance);
  // Start-up migrates and checks the bucket; a busy machine may take a while: wait for the answer, or the exit.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${instance.url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return instance;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const scratch: string[] = [];
const children: Instance[] = [];
let bucket: TestBucket;
let database: Database;
let databaseName: string;
let a: Instance;
let b: Instance;

async function api(instance: Instance, method: string, url: string, token?: string, body?: unknown) {
  const isForm = body instanceof Object && 'contentType' in body && 'payload' in body;
  const form = isForm ? (body as ReturnType<typeof multipart>) : undefined;
  return fetch(`${instance.url}/api/${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': form ? form.contentType : 'application/json' }),
    },
    ...(body === undefined ? {} : { body: form ? new Uint8Array(form.payload) : JSON.stringify(body) }),
  });
}

async function login(instance: Instance, email: string, password: string) {
  return api(instance, 'POST', 'users/Login', undefined, { username: email, password });
}

/** A subscribed publisher with an unpublished course, written to the shared database. */
async function publisherWithCourse() {
  const { db } = database;
  const email = `publisher.${randomBytes(4).toString('hex')}@example.com`;
  const [org] = await db
    .insert(organisations)
    .values({ name: 'Scale School', url: 'https://scale.example.com', primaryEmail: email })
    .returning();
  if (!org) throw new Error('no organisation');
  await db.insert(users).values({
    email,
    passwordHash: await hashPassword(PASSWORD),
    fullName: 'Pat Publisher',
    roleId: ROLE.PUBLISHER,
    orgId: org.id,
    verified: true,
    isActive: true,
  });
  const [price] = await db.select().from(planPrices).where(eq(planPrices.category, 'MonthlyGrowth'));
  if (!price) throw new Error('no plan price');
  const now = new Date();
  await db.insert(subscriptions).values({
    orgId: org.id,
    planPriceId: price.id,
    periodStart: now,
    periodEnd: new Date(now.getTime() + 30 * 24 * 3600_000),
  });
  const [category] = await db.insert(categories).values({ orgId: org.id, name: 'Scale' }).returning();
  const [author] = await db
    .insert(authors)
    .values({
      orgId: org.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'F',
      email: 'ada@example.com',
      bio: 'x',
    })
    .returning();
  if (!category || !author) throw new Error('no category or author');
  const title = `Scale ${randomBytes(4).toString('hex')}`;
  const [course] = await db
    .insert(courses)
    .values({
      orgId: org.id,
      title,
      description: 'Two instances.',
      priceCents: 1999,
      priceTypeId: 2,
      categoryId: category.id,
      authorId: author.id,
      published: false,
    })
    .returning();
  if (!course) throw new Error('no course');
  const res = await login(a, email, PASSWORD);
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { email, token, course };
}

describe.skipIf(!serverUrl)('two instances on one PostgreSQL database and one bucket', () => {
  beforeAll(async () => {
    if (!serverUrl) return;
    databaseName = `skillwise_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    bucket = await startTestBucket('skillwise-scale');
    const env = {
      ...bucket.env,
      DATABASE_URL: url.toString(),
      APP_SECRET: 'scale-out-secret-'.padEnd(48, 'x'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PUBLIC_CACHE_SECONDS: String(PUBLIC_CACHE_SECONDS),
      RATE_LIMIT_ACCOUNT_MAX: String(ACCOUNT_MAX),
    };
    // Both start at once: their migrations take turns.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    database = openPostgres(url.toString(), 2, () => undefined);
  });

  afterAll(async () => {
    await Promise.all(
      children.map(async ({ child }) => {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        await once(child, 'exit');
      }),
    );
    await database?.close();
    await bucket?.close();
    if (serverUrl && databaseName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  test('a lesson uploaded through one instance plays through the other (Range on the presigned URL)', async () => {
    const { token, course } = await publisherWithCourse();
    const section = await api(a, 'POST', 'courseSections/InsertCourseSections', token, {
      course_id: course.id,
      section_name: 'One',
    });
    expect(section.status).toBeLessThan(300);
    const { section_Id } = (await section.json()) as { section_Id: number };
    const video = fixtures.mp4(300_000);
    const uploaded = await api(
      a,
      'POST',
      'lessons/createLessons',
      token,
      multipart(
        {
          'Object.lesson_Id': 0,
          'Object.lesson_title': 'Clip',
          'Object.contentType': 'video',
          'Object.section_Id': section_Id,
        },
        { field: 'fileName', filename: 'clip.mp4', contentType: 'video/mp4', data: video },
      ),
    );
    expect(uploaded.status).toBe(201);
    const { lesson_Id } = (await uploaded.json()) as { lesson_Id: number };

    const fresh = await api(b, 'GET', `lessons/GetLessonContentUrl/${lesson_Id}`, token);
    expect(fresh.status).toBe(200);
    const { content_path } = (await fresh.json()) as { content_path: string };
    expect(new URL(content_path).origin).toBe(bucket.env.S3_ENDPOINT);
    const part = await fetch(content_path, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), video.subarray(1000, 2000))).toBe(0);
  });

  test('a course published through one instance shows through the other once its public cache lapses', async () => {
    const { token, course } = await publisherWithCourse();
    const titles = async () => {
      const res = await api(b, 'GET', 'courses/GetAllCoursesDetail');
      expect(res.status).toBe(200);
      return ((await res.json()) as { course_title: string }[]).map((row) => row.course_title);
    };
    // B answers (and keeps) the catalogue without it.
    expect(await titles()).not.toContain(course.title);
    const published = await api(a, 'PUT', 'courses/publishUnpublishCourse', token, {
      Id: course.id,
      published: true,
    });
    expect(published.status).toBe(200);
    const publishedAt = Date.now();
    // B was told nothing: its cached answer lapses after PUBLIC_CACHE_SECONDS and the next one has the course.
    let shown = false;
    while (!shown && Date.now() - publishedAt < 60_000) {
      shown = (await titles()).includes(course.title);
      if (!shown) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(shown).toBe(true);
  });

  test('the login rate limit counts tries on both instances together', async () => {
    const { email } = await publisherWithCourse();
    const instances = [a, b, a];
    for (const instance of instances.slice(0, ACCOUNT_MAX)) {
      expect((await login(instance, email, 'wrong password 1')).status).toBe(401);
    }
    // Three wrong tries spread over two instances: both now refuse, even the right password.
    expect((await login(b, email, PASSWORD)).status).toBe(429);
    expect((await login(a, email, PASSWORD)).status).toBe(429);
  });
});
