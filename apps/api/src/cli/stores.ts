// What the backup and restore tools open: the database and the file storage a configuration names,
// with the DATA_DIR lock held for the embedded database (one process per DATA_DIR, DESIGN).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { DataDirLockedError, dataDirHolder, lockDataDir } from '../lib/data-dir-lock';
import { type FileStorage, LocalDiskStorage } from '../lib/storage';

/** Backups and restores run statements as long as they need (a table's count, a large batch). */
const UNTIMED = { statementTimeoutMs: 24 * 3600_000 };

export type Stores = {
  database: Database;
  storage: FileStorage;
  /** DATA_DIR's generated app secret, when APP_SECRET is not set and the file exists. */
  appSecret: string | undefined;
  close(): Promise<void>;
};

/** Refuses a DATA_DIR that a running server holds, then takes its lock. */
export function lockForTool(dataDir: string, action: 'backup' | 'restore'): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== undefined) {
    throw new DataDirLockedError(
      `DATA_DIR ${dataDir} is in use by a running Skillwise server (pid ${holder}). ` +
        (action === 'backup'
          ? 'Stop it before backing up the embedded database (with DATABASE_URL a backup runs while the app serves).'
          : 'Stop it before restoring into this DATA_DIR.'),
    );
  }
  return lockDataDir(dataDir);
}

/** The file storage of `config`: its bucket (checked), or local disk under `filesDir`. */
export async function openStorage(config: Config, filesDir: string): Promise<FileStorage> {
  if (!config.s3) return new LocalDiskStorage(filesDir);
  const { S3Storage } = await import('../lib/s3-storage');
  const bucket = new S3Storage(
    config.s3,
    Math.max(config.uploads.maxLessonBytes, config.uploads.maxImageBytes),
  );
  try {
    await bucket.verify();
  } catch (error) {
    bucket.close();
    throw new Error(
      `S3_BUCKET: the bucket "${config.s3.bucket}" cannot be used (${(error as Error).message}).`,
    );
  }
  return bucket;
}

export const closeStorage = (storage: FileStorage) => (storage as { close?: () => void }).close?.();

export const openDatabase = async (config: Config): Promise<Database> =>
  config.databaseUrl
    ? openPostgres(config.databaseUrl, 2, () => undefined, UNTIMED)
    : openPglite(path.join(config.dataDir, 'db'), undefined, undefined, UNTIMED);

/** The stores a backup reads. */
export async function openStores(config: Config, action: 'backup' | 'restore'): Promise<Stores> {
  const unlock = config.databaseUrl ? () => {} : lockForTool(config.dataDir, action);
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    const storage = await openStorage(config, path.join(config.dataDir, 'files'));
    const secretFile = path.join(config.dataDir, 'app-secret');
    const appSecret =
      !config.appSecret && existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined;
    const opened = database;
    return {
      database: opened,
      storage,
      appSecret,
      async close() {
        closeStorage(storage);
        await opened.close();
        unlock();
      },
    };
  } catch (error) {
    await database?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}
