import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MemoryMailer, openTestDatabase, TEST_SECRET, testConfig } from '../../test/helpers';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { LocalDiskStorage } from '../lib/storage';

type Line = {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
};

let database: Database;
let filesDir: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  filesDir = await mkdtemp(path.join(tmpdir(), 'skillwise-log-'));
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
  await rm(filesDir, { recursive: true, force: true });
});

/** An app at LOG_LEVEL info (the default) whose log lines are kept, with a slow route and a failing one. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: Line[] = [];
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', ...env }),
    db: database.db,
    mailer: new MemoryMailer(),
    secret: TEST_SECRET,
    storage: new LocalDiskStorage(filesDir),
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  // Slower than the default SLOW_REQUEST_MS (1,000 ms) by construction, whatever the machine's speed.
  app.get('/api/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    return { ok: true };
  });
  app.get('/api/test/broken', async () => {
    throw new Error('something broke');
  });
  await app.ready();
  apps.push(app);
  return { app, lines };
}

let log: Awaited<ReturnType<typeof appWithLog>>;
beforeEach(() => {
  log?.lines.splice(0);
});

describe('request logging with the defaults', () => {
  beforeAll(async () => {
    log = await appWithLog();
  });

  test('a normal request writes no log line', async () => {
    const res = await log.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const missing = await log.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(log.lines).toEqual([]);
  });

  test('a slow request is logged with method, url (secrets redacted), status and time', async () => {
    const res = await log.app.inject({ method: 'GET', url: '/api/test/slow?signature=s3cret&page=2' });
    expect(res.statusCode).toBe(200);
    expect(log.lines).toHaveLength(1);
    const [line] = log.lines;
    expect(line).toMatchObject({ msg: 'slow request', req: { method: 'GET' }, res: { statusCode: 200 } });
    expect(line?.req?.url).toBe('/api/test/slow?signature=[redacted]&page=2');
    expect(line?.responseTime).toBeGreaterThanOrEqual(1000);
    expect(JSON.stringify(log.lines)).not.toContain('s3cret');
  });

  test('a 500 is logged: the error with its stack, and the request with its status and time', async () => {
    const res = await log.app.inject({ method: 'GET', url: '/api/test/broken?token=abc123' });
    expect(res.statusCode).toBe(500);
    const failed = log.lines.find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ level: 50, req: { method: 'GET' }, res: { statusCode: 500 } });
    expect(failed?.req?.url).toBe('/api/test/broken?token=[redacted]');
    expect(typeof failed?.responseTime).toBe('number');
    expect(log.lines.some((line) => line.msg === 'unhandled error')).toBe(true);
    expect(JSON.stringify(log.lines)).not.toContain('abc123');
  });
});

describe('LOG_REQUESTS=true', () => {
  test('logs every request again, through the same redacting serializer', async () => {
    const verbose = await appWithLog({ LOG_REQUESTS: 'true' });
    await verbose.app.inject({ method: 'GET', url: '/api/health?access_token=xyz' });
    expect(verbose.lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(verbose.lines[0]?.req?.url).toBe('/api/health?access_token=[redacted]');
  });
});
