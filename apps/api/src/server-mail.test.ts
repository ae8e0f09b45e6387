import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { openPgliteDataDir } from '../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { DEMO_ACCOUNTS } from './db/seed';

// The server as it runs (from the sources, as `npm run dev` starts it) with SMTP_URL set: what a request
// queues is sent by the server's own mail worker to a real SMTP server, and a SIGTERM stops the worker
// with the rest. On the embedded database, or on a fresh PostgreSQL database with TEST_DATABASE_URL.

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const serverUrl = process.env.TEST_DATABASE_URL;

let smtp: TestSmtpServer;
let dataDir: string;
let child: ChildProcess;
let baseUrl: string;
let output = '';
let databaseName: string | undefined;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'skillwise-mail-server-'));
  const env: Record<string, string> = {};
  // The server starts on a migrated database, as after its first start: initdb and the migrations in
  // the child took most of its start-up; what this file tests comes after.
  if (serverUrl) {
    databaseName = `skillwise_test_mail_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${databaseName} template ${inject('postgresTemplate')}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  } else {
    await (await openPgliteDataDir(path.join(dataDir, 'db'))).close();
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', tsx, path.join(apiRoot, 'src', 'server.ts')], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://learn.example.com',
      SMTP_URL: smtp.url,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
});

const api = async (method: string, url: string, token?: string, body?: unknown) =>
  fetch(`${baseUrl}/api/${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

test('a notification queued by a request reaches the SMTP server through the server’s worker; SIGTERM stops it', async () => {
  const publisher = DEMO_ACCOUNTS.publisher;
  const login = await api('POST', 'users/Login', undefined, {
    username: publisher.email,
    password: publisher.password,
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const email = `mailed.${randomBytes(4).toString('hex')}@example.com`;
  const added = await api('POST', 'studentCourse/registerStudent', token, {
    name: 'Mel Mailed',
    email,
    password: 'a good password',
    enroll: false,
  });
  expect(added.status, await added.clone().text()).toBe(201);

  // The welcome message goes at once; the publisher's notice through the queue within seconds.
  let notice: string | undefined;
  for (let waited = 0; waited < 60_000 && !notice; waited += 250) {
    notice = smtp.to(publisher.email).find((raw) => raw.includes('Subject: New student: Mel Mailed'));
    if (!notice) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(notice, output).toBeDefined();
  expect(notice).toContain(`Mel Mailed (${email}) was added to your students.`);
  expect(notice).toMatch(
    /^List-Unsubscribe: <https:\/\/learn\.example\.com\/api\/notifications\/Unsubscribe\?token=/m,
  );
  // The welcome names the school, in the subject and the sender (HTML and text parts).
  const welcome = smtp.to(email).find((raw) => /^Subject: .+ added you on Skillwise$/m.test(raw));
  expect(welcome).toMatch(/^From: .+ via Skillwise <.+>$/m);
  expect(welcome).toMatch(/^Content-Type: multipart\/alternative;/m);

  const unread = await api('GET', 'notifications/GetUnreadCount', token);
  expect(((await unread.json()) as { unread: number }).unread).toBeGreaterThanOrEqual(1);

  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code, output).toBe(0);
});
