// First: sizes the thread pool before anything can start it.
import './lib/thread-pool';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { loggableError } from './lib/db-errors';
import { deriveAppKeys } from './lib/keys';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mail';
import { MailWorker } from './lib/mail-queue';
import { WEB_DIST } from './lib/paths';
import { schedulePruning } from './lib/pruning';
import { loadAppSecret } from './lib/secret';
import { failStartup } from './lib/startup';
import { type FileStorage, LocalDiskStorage } from './lib/storage';
import { LessonDurationBackfill } from './modules/curriculum/lesson-durations';
import { FileSweeper } from './modules/media/file-sweeper';

/** A start-up failure whose message names the setting at fault: printed without a stack trace. */
class StartupError extends Error {}

/** The reason of a driver or system error, without the connection string it may hold. */
const describe = (error: unknown): string => {
  const { code, message } = error as { code?: string; message?: string };
  const text = (message ?? String(error)).replace(/postgres(ql)?:\/\/\S+/g, 'postgres://…');
  return code && !text.includes(code) ? `${code}: ${text}` : text;
};

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) failStartup(error.message);
    throw error;
  }

  // The database files, uploads and the mail outbox are for this server's eyes only.
  process.umask(0o077);
  try {
    mkdirSync(config.dataDir, { recursive: true });
    chmodSync(config.dataDir, 0o700);
  } catch (error) {
    failStartup(
      `DATA_DIR: cannot use ${config.dataDir} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    );
  }

  // Files last written before this moment belong to no request of this process.
  const startedAt = new Date();
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) failStartup(error.message);
      throw error;
    }
  }

  let database: Database | undefined;
  let mailer: Mailer | undefined;
  let app: FastifyInstance | undefined;
  let sweeper: FileSweeper | undefined;
  let durations: LessonDurationBackfill | undefined;
  let mailWorker: MailWorker | undefined;
  /**
   * Closes what is open; with a start-up failure's message, ends by saying it. Every worker that uses the
   * database has finished its round before it closes: the sweeper, the durations and the mail worker
   * here, the reconciler, pruning and maintenance as the app closes (app.background).
   */
  const shutdown = async (code: number, failure?: string) => {
    await sweeper?.stop().catch(() => undefined);
    await durations?.stop().catch(() => undefined);
    await mailWorker?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    mailer?.close();
    unlock();
    if (failure !== undefined) failStartup(failure);
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  try {
    const secret = loadAppSecret(config.appSecret, config.dataDir);
    const limits = { statementTimeoutMs: config.statementTimeoutMs };
    database = config.databaseUrl
      ? openPostgres(config.databaseUrl, undefined, undefined, limits)
      : await openPglite(
          path.join(config.dataDir, 'db'),
          undefined,
          { cacheMb: config.embeddedDbCacheMb },
          limits,
        );
    try {
      await database.migrate();
    } catch (error) {
      throw new StartupError(
        config.databaseUrl
          ? `DATABASE_URL: the PostgreSQL server could not be used (${describe(error)}).`
          : `DATA_DIR: the embedded database in ${config.dataDir}/db could not be opened (${describe(error)}).`,
      );
    }
    let storage: FileStorage = new LocalDiskStorage(path.join(config.dataDir, 'files'));
    if (config.s3) {
      // Loaded only for a bucket: the SDK costs about 25 MiB and a second of start-up (decision 005).
      const { S3Storage } = await import('./lib/s3-storage');
      const bucket = new S3Storage(
        config.s3,
        Math.max(config.uploads.maxLessonBytes, config.uploads.maxImageBytes),
      );
      await bucket.verify().catch((error: unknown) => {
        throw new StartupError(
          `S3_BUCKET: the bucket "${config.s3?.bucket}" cannot be used (${describe(error)}).`,
        );
      });
      storage = bucket;
    }
    const seeded = config.seedDemo ? await seedDemo(database.db, storage) : [];
    mailer = config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      console.warn('The web app is not built (run `npm run build`); serving the API only.');
    }
    app = await buildApp({ config, db: database.db, mailer, secret, storage, webDir: WEB_DIST });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new StartupError(
        code === 'EADDRINUSE'
          ? `PORT: ${config.port} is already in use on ${config.host}. Stop what uses it, or choose another PORT.`
          : code === 'EACCES'
            ? `PORT: this user may not listen on port ${config.port}. Choose a PORT above 1023.`
            : `HOST/PORT: cannot listen on ${config.host}:${config.port} (${describe(error)}).`,
      );
    }

    // Captures left unfinished (a crash, a provider that did not answer), payments a provider held for
    // review and refunds still owed are settled in the background, once a minute.
    const { background, payments } = app;
    background.every('the payment reconciler', 60_000, (signal) => payments.settleInFlight(60_000, signal));
    // Plans that renew by themselves: renewals due, retries during grace, lapses and reminders, once a
    // minute on every instance, each plan taken by one of them (docs/decisions/025).
    const { billing } = app;
    background.every('plan renewals', 60_000, (signal) => billing.runDue(new Date(), signal), 5_000);
    // Students told of scheduled sections that opened for them, once a minute on every instance; each
    // notice is recorded once whichever instance gets there first (docs/decisions/032).
    const { notifications } = app;
    background.every('section openings', 60_000, () => notifications.sectionsOpened(new Date()), 10_000);
    // Webhook deliveries due (new events, retries) are posted every few seconds by every instance, each
    // delivery claimed by one of them (docs/decisions/037).
    const { integrations } = app;
    background.every('webhook deliveries', 3_000, (signal) => integrations.deliverDue(new Date(), signal));
    // Schools' scheduled e-mails to their students, sent within a minute of their time on every instance;
    // each message is taken by one of them (docs/decisions/036).
    const { broadcasts } = app;
    background.every('scheduled student e-mails', 60_000, () => broadcasts.releaseDue(new Date()), 15_000);

    // PGlite has no autovacuum: the server looks for tables that changed enough a minute after start
    // (the demo may have just been written), then every ten minutes.
    const embedded = database;
    if (embedded.maintain) {
      const log = app.log;
      const maintain = async (signal: AbortSignal) => {
        const started = Date.now();
        await embedded.maintain?.(signal);
        log.info({ ms: Date.now() - started }, 'embedded database vacuumed and analyzed');
      };
      background.every('embedded database maintenance', 10 * 60_000, maintain, 60_000);
    }

    // Expired sessions and codes and ended rate-limit windows are deleted now, then every 15 minutes.
    schedulePruning(background, database.db, config.rateLimit, app.log);

    // Unfinished uploads, files no row names and files deleted long enough ago are removed now, then every hour.
    sweeper = new FileSweeper({
      db: database.db,
      storage,
      log: app.log,
      resumable: app.resumableUploads,
      deleteGraceMs: config.fileDeleteGraceHours * 3600_000,
      // The embedded database's DATA_DIR is locked to this process, files folder included: what a crash
      // left there goes at once. On PostgreSQL several instances may share a files folder or a bucket.
      exclusiveSince: !config.databaseUrl && !config.s3 ? startedAt : undefined,
    });
    void sweeper.start();

    // Video and audio lessons stored before durations were read at upload get theirs, one file at a time.
    durations = new LessonDurationBackfill({ db: database.db, storage, log: app.log });
    durations.start();

    // Video lessons' index moved to the front, posters and streaming copies, one job at a time per
    // instance at the lowest priority, each job claimed by one instance (docs/decisions/041).
    const videoLine = await app.video.start(background);

    // Queued e-mails (receipts and notifications) are sent by every instance, each taking its own share.
    mailWorker = new MailWorker({
      db: database.db,
      mailer,
      log: app.log,
      publicUrl: config.publicUrl,
      unsubscribeKey: deriveAppKeys(secret).unsubscribeLinks,
    });
    mailWorker.start();

    const lines = [
      '',
      `  Skillwise is running at ${config.publicUrl}`,
      `  API: ${config.publicUrl}/api   database: ${database.kind === 'pglite' ? `embedded (${config.dataDir}/db)` : 'PostgreSQL (DATABASE_URL)'}`,
      ['127.0.0.1', 'localhost', '::1'].includes(config.host)
        ? `  listening on ${config.host}:${config.port}: this machine only (HOST=0.0.0.0 lets other machines reach it)`
        : `  listening on ${config.host}:${config.port}`,
      `  files: ${config.s3 ? `S3 bucket ${config.s3.bucket} (S3_BUCKET)` : path.join(config.dataDir, 'files')}`,
      `  ${videoLine}`,
      `  mail: ${mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : `outbox ${path.join(config.dataDir, 'outbox')}${['info', 'debug', 'trace'].includes(config.logLevel) ? ' (codes are also logged)' : ''}`}`,
    ];
    if (config.seedDemo) {
      lines.push(
        seeded.length > 0
          ? '  Demo accounts (just created):'
          : '  Demo accounts (created on first start; these passwords work unless they were changed):',
      );
      for (const account of Object.values(DEMO_ACCOUNTS)) {
        lines.push(`    ${account.role.padEnd(10)} ${account.email}  /  ${account.password}`);
      }
      lines.push('  For a real installation, start it the first time with SEED_DEMO=false (README).');
    }
    console.log(`${lines.join('\n')}\n`);
    // A mail server that cannot be reached would fail every sign-up: say so now, not at the first one.
    mailer.verify?.().catch((error: unknown) => {
      console.warn(
        `SMTP_URL: the mail server cannot be used yet (${describe(error)}); codes cannot be sent.`,
      );
    });
  } catch (error) {
    if (error instanceof StartupError) {
      await shutdown(1, error.message);
      return;
    }
    console.error(loggableError(error));
    await shutdown(1);
  }
}

void main();
