// Writes a backup (README "Backups"): `npm run backup -- --out skillwise.tar.gz`. With the embedded
// database the server must be stopped (one process per DATA_DIR); with DATABASE_URL it runs while the
// app serves, reading one consistent moment of the database.
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { ConfigError, loadConfig } from '../config';
import { writeBackup } from '../lib/backup/write';
import { DataDirLockedError } from '../lib/data-dir-lock';
import { openStores, type Stores } from './stores';

const USAGE = `Usage: npm run backup -- --out <file.tar.gz> [--data-dir <dir> | --database-url <url>]

Writes the database and the files its rows name (or, with S3_* set, a manifest of those objects in the
bucket) to one gzipped tar archive; a named file that is missing fails the backup, naming it. Without
--data-dir or --database-url it backs up what the configuration (DATA_DIR, DATABASE_URL, S3_*, from the
environment or .env) names. --out - writes to standard output.`;

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.out) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig({
    ...process.env,
    ...(values['data-dir'] ? { DATA_DIR: values['data-dir'], DATABASE_URL: '' } : {}),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  });
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in DATA_DIR ${config.dataDir} (no ${path.join('db', 'PG_VERSION')}).`,
    );
  }
  const toStdout = values.out === '-';
  const target = toStdout ? '' : path.resolve(values.out);
  const partial = `${target}.partial`;
  let stores: Stores | undefined;
  try {
    stores = await openStores(config, 'backup');
    const gzip = createGzip();
    const written = pipeline(gzip, toStdout ? process.stdout : createWriteStream(partial, { mode: 0o600 }));
    // The pipeline's failure (a full disk) surfaces through the writes as well; keep it from going unheard.
    written.catch(() => undefined);
    const report = await writeBackup(
      {
        database: stores.database,
        storage: stores.storage,
        appSecret: stores.appSecret,
        fileDeleteGraceHours: config.fileDeleteGraceHours,
      },
      gzip,
    );
    gzip.end();
    await written;
    if (!toStdout) await rename(partial, target);
    console.error(
      `Backup written${toStdout ? ' to standard output' : ` to ${target}`}: ${report.tables} tables, ${report.rows} rows, ` +
        `${report.files} ${config.s3 ? `objects listed from bucket ${config.s3.bucket}` : 'files'} (${report.bytes} bytes).`,
    );
  } catch (error) {
    if (!toStdout) await rm(partial, { force: true });
    throw error;
  } finally {
    await stores?.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof Error;
  console.error(`Backup failed: ${known ? (error as Error).message : String(error)}`);
  process.exit(1);
});
