import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';

// What a backup archive holds (README "Backups", decision 007), in this order: the manifest, the app
// secret when there is one, each table's rows in entries of BATCH_ROWS (`db/<table>.<part>.jsonl`), the
// files (`files/<key>`) or the bucket's objects (`bucket/<part>.jsonl`), and the summary.

export const BACKUP_FORMAT = 'skillwise-backup';
export const MANIFEST = 'skillwise-backup.json';
export const SUMMARY = 'summary.json';
export const APP_SECRET = 'app-secret';
/** Rows per cursor fetch and per archive entry: the most rows either side holds at once. */
export const BATCH_ROWS = 500;
/** Named files checked (and, from a bucket, listed per manifest entry) at a time. */
export const BATCH_OBJECTS = 1000;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  /** The database the backup came from, and how many migrations it had run. */
  database: { kind: Database['kind']; migrations: number; lastMigration: string | null };
  /** Every table, in an order that loads parents before the rows that refer to them. */
  tables: { name: string; rows: number }[];
  sequences: { name: string; value: string; isCalled: boolean }[];
  /** Local files travel in the archive; a bucket's are listed with their sizes and ETags. */
  files: { kind: 'local' } | { kind: 's3'; bucket: string };
  /** Whether DATA_DIR's generated app secret is in the archive. */
  appSecret: boolean;
};

/** The last entry: what the restore must find again. */
export type BackupSummary = {
  tables: { name: string; rows: number; checksum: string }[];
  files: { count: number; bytes: number };
};

/** A bucket object as the manifest lists it. */
export type ObjectEntry = { key: string; size: number; etag: string };

/** An order-independent sum of the rows' hashes: equal for the same rows however they are stored. */
export class RowChecksum {
  private sum = 0n;
  rows = 0;
  add(row: string) {
    const digest = createHash('sha256').update(row).digest('hex').slice(0, 32);
    this.sum = (this.sum + BigInt(`0x${digest}`)) & ((1n << 128n) - 1n);
    this.rows += 1;
  }
  get value() {
    return this.sum.toString(16).padStart(32, '0');
  }
}
