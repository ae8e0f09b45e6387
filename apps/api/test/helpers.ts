import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres, type QueryLimits } from '../src/db/client';
import { deriveAppKeys } from '../src/lib/keys';
import type { Mailer, MailMessage } from '../src/lib/mail';
import type { PaymentProvider } from '../src/lib/payments/provider';
import { S3Storage } from '../src/lib/s3-storage';
import { type FileStorage, LocalDiskStorage } from '../src/lib/storage';

export const TEST_SECRET = 'test-secret-'.padEnd(48, 'x');
/** The keys an app built with TEST_SECRET derives (lib/keys.ts). */
export const TEST_KEYS = deriveAppKeys(TEST_SECRET);

/**
 * The database for a test file: PGlite in memory, or a fresh database on the PostgreSQL server when
 * TEST_DATABASE_URL is set (the same suite runs on both; STYLE "Tests").
 */
export async function openTestDatabase(limits?: QueryLimits): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Start from the migrated image made once by test/global-setup.ts: initdb in WebAssembly takes seconds.
    const templatePath = inject('pgliteTemplate');
    const template = templatePath ? new Blob([await readFile(templatePath)]) : undefined;
    const database = await openPglite(undefined, template, undefined, limits);
    await database.migrate();
    return database;
  }
  const name = `skillwise_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  // A copy of the migrated template made once by test/global-setup.ts.
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The database is dropped with (force) at the end: its idle connections may hear of it first.
  const database = openPostgres(url.toString(), 4, () => undefined, limits);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The embedded database of a DATA_DIR, on disk in `dbDir` (its `db` folder), migrated and open: a copy of
 * the image made once by test/global-setup.ts on the embedded run; on the PostgreSQL run, which has no
 * image, created by initdb as a server's first start does.
 */
export async function openPgliteDataDir(dbDir: string): Promise<Database> {
  const templatePath = inject('pgliteTemplate');
  const template = templatePath ? new Blob([await readFile(templatePath)]) : undefined;
  await mkdir(template ? dbDir : path.dirname(dbDir), { recursive: true });
  const database = await openPglite(dbDir, template);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** A mailer that keeps messages in memory, so tests read the codes they were sent. */
export class MemoryMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly sent: MailMessage[] = [];
  failNext = false;

  async send(message: MailMessage) {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('SMTP server unavailable');
    }
    this.sent.push(message);
  }

  close() {}

  /** The 6-digit code in the newest message to `to`. */
  lastCode(to: string): string {
    const message = [...this.sent].reverse().find((m) => m.to === to);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
}

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  mailer: MemoryMailer;
  config: Config;
  /** Where this context's uploads are stored (on local disk, when no S3_* settings were given). */
  filesDir: string;
  storage: FileStorage;
  close(): Promise<void>;
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/skillwise-test', ...overrides });
}

export async function createTestContext(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  provider?: PaymentProvider,
  /** A built web app to serve beside the API (a folder with an index.html). */
  webDir?: string,
): Promise<TestContext> {
  const database = await openTestDatabase({ statementTimeoutMs: testConfig(env).statementTimeoutMs });
  const mailer = new MemoryMailer();
  const config = testConfig(env);
  const filesDir = await mkdtemp(path.join(tmpdir(), 'skillwise-files-'));
  const storage = config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(filesDir);
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    secret: TEST_SECRET,
    storage,
    logger: false,
    // Every JSON answer is checked against its route's response schema: a mismatch fails the test.
    checkResponses: true,
    ...(provider ? { provider } : {}),
    ...(webDir ? { webDir } : {}),
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    mailer,
    config,
    filesDir,
    storage,
    async close() {
      await app.close();
      if (storage instanceof S3Storage) storage.close();
      await database.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;
/** A distinct client address per call, so per-address rate limits do not leak between tests. */
export const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomBytes(5).toString('hex')}@example.com`;

export type Call = {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
};

export async function call(app: FastifyInstance, c: Call): Promise<LightMyRequestResponse> {
  return app.inject({
    method: c.method,
    url: c.url,
    remoteAddress: c.ip ?? nextAddress(),
    headers: {
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
      ...c.headers,
    },
    ...(c.body === undefined ? {} : { payload: c.body as string | object }),
  });
}
