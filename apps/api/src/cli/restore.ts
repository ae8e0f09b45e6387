// Restores a backup (README "Backups") into a fresh DATA_DIR or an empty PostgreSQL database:
// `npm run restore -- --in skillwise.tar.gz --data-dir ./data` or `--database-url postgres://...`.
// A target that already holds data is refused unless --force, which replaces it.
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../db/client';
import { isDatabaseEmpty, wipeDatabase } from '../lib/backup/database';
import { openBackup, restoreBackup } from '../lib/backup/restore';
import { DataDirLockedError } from '../lib/data-dir-lock';
import type { FileStorage } from '../lib/storage';
import { closeStorage, lockForTool, openDatabase, openStorage } from './stores';

const USAGE = `Usage: npm run restore -- --in <file.tar.gz> (--data-dir <dir> | --database-url <url>) [--force]

Restores a backup made by \`npm run backup\` into a fresh DATA_DIR (the embedded database) or an empty
PostgreSQL database, then runs the migrations it needs. Files go to <dir>/files (with --database-url,
to --data-dir or DATA_DIR), or, with S3_* set, into that bucket. Every file the restored rows name
must then be there with its size (a backup of a bucket is checked against the bucket): the restore
fails otherwise, naming each one. --force replaces what the target holds. --in - reads standard input.`;

/** Entries that do not make a folder "in use" (a volume's own lost+found). */
const hasContent = (dir: string) =>
  existsSync(dir) && readdirSync(dir).some((name) => name !== 'lost+found' && name !== 'skillwise.lock');

async function main() {
  const { values } = parseArgs({
    options: {
      in: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.in || !(values['data-dir'] || values['database-url'])) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig({
    ...process.env,
    ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    DATABASE_URL: values['database-url'] ?? '',
  });
  const force = values.force === true;
  // What the restore writes is for the server's eyes only, as the server keeps it (DATA_DIR is 0700).
  process.umask(0o077);

  const input = values.in === '-' ? process.stdin : createReadStream(path.resolve(values.in));
  const gunzip = createGunzip();
  input.on('error', (error: Error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const backup = await openBackup(gunzip);
  const { manifest } = backup;
  if (manifest.files.kind === 's3' && !config.s3) {
    throw new Error(
      `This backup's files are in the S3 bucket "${manifest.files.bucket}": set the S3_* settings of that bucket (or a copy of it) to restore.`,
    );
  }

  const filesDir = path.join(config.dataDir, 'files');
  const localFiles = manifest.files.kind === 'local' && !config.s3;
  let unlock = () => {};
  let database: Database | undefined;
  let storage: FileStorage | undefined;
  try {
    if (!config.databaseUrl) {
      unlock = lockForTool(config.dataDir, 'restore');
      const dbDir = path.join(config.dataDir, 'db');
      if (existsSync(dbDir) || (localFiles && hasContent(filesDir))) {
        if (!force) {
          throw new Error(
            `DATA_DIR ${config.dataDir} already holds a database or files. Restore into a fresh folder, or add --force to replace them.`,
          );
        }
        await rm(dbDir, { recursive: true, force: true });
      }
    } else if (localFiles && hasContent(filesDir)) {
      if (!force) {
        throw new Error(
          `${filesDir} already holds files. Restore into a fresh folder (--data-dir), or add --force to replace them.`,
        );
      }
    }
    if (localFiles && force) await rm(filesDir, { recursive: true, force: true });

    database = await openDatabase(config);
    if (!(await isDatabaseEmpty(database))) {
      if (!force) {
        throw new Error(
          'The database at --database-url already has tables. Restore into an empty database, or add --force to drop everything in it first.',
        );
      }
      await wipeDatabase(database);
    }
    storage = await openStorage(config, filesDir);
    console.error(
      `Restoring a backup of ${manifest.createdAt} (${manifest.database.kind}, migration ${manifest.database.lastMigration}) into ${config.databaseUrl ? 'the PostgreSQL database' : `${config.dataDir}/db`}...`,
    );
    const report = await restoreBackup(backup, {
      database,
      storage,
      dataDir: config.appSecret ? undefined : config.dataDir,
      log: (line) => console.error(line),
    });
    console.error(
      `Restored ${report.tables} tables (${report.rows} rows)` +
        (manifest.files.kind === 'local'
          ? ` and ${report.files} files (${report.bytes} bytes) into ${config.s3 ? `bucket ${config.s3.bucket}` : filesDir}`
          : '') +
        `; every file the rows name (${report.checkedFiles}) is there${manifest.files.kind === 's3' ? ` in bucket ${config.s3?.bucket}` : ''}.`,
    );
    if (manifest.appSecret && config.appSecret) {
      console.error(
        "The backup's generated app secret was not restored because APP_SECRET is set: signed-in sessions and e-mailed codes from before stop working.",
      );
    }
  } finally {
    if (storage) closeStorage(storage);
    await database?.close();
    unlock();
    input.destroy();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof Error;
  console.error(`Restore failed: ${known ? (error as Error).message : String(error)}`);
  process.exit(1);
});
