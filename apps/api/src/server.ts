import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mail';
import { loadAppSecret } from './lib/secret';
import { LocalDiskStorage } from './lib/storage';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function fail(message: string): never {
  console.error(`\nSkillwise cannot start:\n${message}\n`);
  process.exit(1);
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  let database: Database | undefined;
  let mailer: Mailer | undefined;
  let app: FastifyInstance | undefined;
  const shutdown = async (code: number) => {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    mailer?.close();
    unlock();
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  try {
    const secret = loadAppSecret(config.appSecret, config.dataDir);
    database = config.databaseUrl
      ? openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'db'));
    await database.migrate();
    const storage = new LocalDiskStorage(path.join(config.dataDir, 'files'));
    const seeded = config.seedDemo ? await seedDemo(database.db, storage) : [];
    mailer = config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      console.warn('The web app is not built (run `npm run build`); serving the API only.');
    }
    app = await buildApp({ config, db: database.db, mailer, secret, storage, webDir: WEB_DIST });
    await app.listen({ port: config.port, host: config.host });

    const lines = [
      '',
      `  Skillwise is running at ${config.publicUrl}`,
      `  API: ${config.publicUrl}/api   database: ${database.kind === 'pglite' ? `embedded (${config.dataDir}/db)` : 'PostgreSQL (DATABASE_URL)'}`,
      `  mail: ${mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : `outbox ${path.join(config.dataDir, 'outbox')} (codes are also logged)`}`,
    ];
    if (config.seedDemo) {
      lines.push(
        seeded.length > 0 ? '  Demo accounts (just created):' : '  Demo accounts (created on first start):',
      );
      for (const account of Object.values(DEMO_ACCOUNTS)) {
        lines.push(`    ${account.role.padEnd(10)} ${account.email}  /  ${account.password}`);
      }
    }
    console.log(`${lines.join('\n')}\n`);
  } catch (error) {
    console.error(error);
    await shutdown(1);
  }
}

void main();
