import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FileStorage } from '../storage';
import { readTar, type TarEntry } from './archive';
import { fixRowText, ident, insertableColumns, migrateTo, readJournal, tableRows } from './database';
import {
  APP_SECRET,
  BACKUP_FORMAT,
  type BackupManifest,
  type BackupSummary,
  MANIFEST,
  RowChecksum,
  SUMMARY,
} from './format';
import { checkNamedFiles, isS3 } from './named-files';

// Restoring a backup (README "Backups", decision 007) into an empty database and the files' storage.

export type RestoreReport = {
  tables: number;
  rows: number;
  /** Files restored from the archive (none for a bucket's backup). */
  files: number;
  bytes: number;
  /** Files the restored rows name, each found in the storage with the size the database knows. */
  checkedFiles: number;
};

/** A backup being read: its manifest first, then the rest in order. */
export type OpenedBackup = {
  manifest: BackupManifest;
  entries: AsyncIterator<TarEntry>;
};

/** Where a restore writes: a migrated-or-empty database and the files' storage. */
export type RestoreTarget = {
  database: Database;
  storage: FileStorage;
  /** DATA_DIR, to receive the archive's generated app secret (absent: the secret is not restored). */
  dataDir?: string | undefined;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
};

async function readAll(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads the manifest at the head of a backup (an uncompressed tar stream). */
export async function openBackup(source: AsyncIterable<Buffer>): Promise<OpenedBackup> {
  const entries = readTar(source)[Symbol.asyncIterator]();
  const first = await entries.next();
  if (first.done || first.value.name !== MANIFEST) {
    throw new Error('This file is not a Skillwise backup (it does not start with its manifest).');
  }
  const manifest = JSON.parse(await readAll(first.value.body)) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) {
    throw new Error(
      `This backup's format (${manifest.format} ${manifest.version}) is not one this version reads.`,
    );
  }
  return { manifest, entries };
}

/**
 * Loads an opened backup into an empty target: migrates to the backup's level, loads every table in
 * one transaction, sets the sequences, verifies each table's rows against the backup's checksums,
 * restores the files, checks that every file the rows name is there with its size, then runs the
 * newer migrations.
 */
export async function restoreBackup(backup: OpenedBackup, target: RestoreTarget): Promise<RestoreReport> {
  const { manifest, entries } = backup;
  const { database, storage } = target;
  const log = target.log ?? (() => {});
  const journal = await readJournal();
  if (manifest.database.migrations > journal.entries.length) {
    throw new Error(
      `This backup was made by a newer version (migration ${manifest.database.lastMigration}); update Skillwise before restoring it.`,
    );
  }
  if (manifest.files.kind === 's3' && !isS3(storage)) {
    throw new Error(
      `This backup's files are in the S3 bucket "${manifest.files.bucket}": set the S3_* settings of that bucket (or a copy of it) to restore.`,
    );
  }
  await migrateTo(database, manifest.database.migrations);

  const report: RestoreReport = {
    tables: 0,
    rows: 0,
    files: 0,
    bytes: 0,
    checkedFiles: 0,
  };
  let next = await entries.next();
  if (!next.done && next.value.name === APP_SECRET) {
    const secret = await readAll(next.value.body);
    if (target.dataDir) {
      await mkdir(target.dataDir, { recursive: true });
      await writeFile(path.join(target.dataDir, APP_SECRET), secret, { mode: 0o600 });
    }
    next = await entries.next();
  }

  const loaded = new Map<string, number>();
  const tableNames = manifest.tables.map((table) => table.name);
  await database.db.transaction(async (tx) => {
    // The migrations wrote reference rows; the backup has them as they were.
    if (tableNames.length > 0) await tx.execute(sql.raw(`truncate ${tableNames.map(ident).join(', ')}`));
    // Rows arrive as they were: triggers that maintain derived tables must not add to them twice.
    for (const name of tableNames)
      await tx.execute(sql.raw(`alter table ${ident(name)} disable trigger user`));
    const columns = new Map<string, string>();
    while (!next.done && next.value.name.startsWith('db/')) {
      const match = /^db\/(.+)\.\d{6}\.jsonl$/.exec(next.value.name);
      const table = match?.[1];
      if (!table || !tableNames.includes(table))
        throw new Error(`Unexpected entry ${next.value.name} in the backup.`);
      let list = columns.get(table);
      if (list === undefined) {
        list = (await insertableColumns(tx, table)).map(ident).join(', ');
        columns.set(table, list);
        log(`  ${table}`);
      }
      const rows = (await readAll(next.value.body)).split('\n').filter((line) => line !== '');
      await tx.execute(
        sql`${sql.raw(`insert into ${ident(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(table)}, `)}${`[${rows.join(',')}]`}::json)`,
      );
      loaded.set(table, (loaded.get(table) ?? 0) + rows.length);
      next = await entries.next();
    }
    for (const { name, value, isCalled } of manifest.sequences) {
      await tx.execute(
        sql`select setval(${`public.${ident(name)}`}::regclass, ${value}::bigint, ${isCalled})`,
      );
    }
    for (const name of tableNames)
      await tx.execute(sql.raw(`alter table ${ident(name)} enable trigger user`));
  });
  for (const table of manifest.tables) {
    const rows = loaded.get(table.name) ?? 0;
    if (rows !== table.rows) {
      throw new Error(
        `Table ${table.name}: the backup lists ${table.rows} rows but holds ${rows}; the archive is damaged.`,
      );
    }
    report.tables += 1;
    report.rows += rows;
  }

  while (!next.done && next.value.name !== SUMMARY) {
    const entry = next.value;
    if (entry.name.startsWith('files/')) {
      const key = entry.name.slice('files/'.length);
      report.bytes += await storage.put(key, Readable.from(entry.body));
      report.files += 1;
    } else if (entry.name.startsWith('bucket/')) {
      // The bucket's objects are checked below, from the restored rows, like the files of a disk.
      await readAll(entry.body);
    } else {
      throw new Error(`Unexpected entry ${entry.name} in the backup.`);
    }
    next = await entries.next();
  }
  if (next.done) throw new Error('The backup ends before its summary: the archive was cut short.');
  const summary = JSON.parse(await readAll(next.value.body)) as BackupSummary;

  // Read the restored rows back as the backup read them: the same rows, or the restore says which table differs.
  await database.db.transaction(
    async (tx) => {
      await fixRowText(tx);
      for (const table of summary.tables) {
        const checksum = new RowChecksum();
        for await (const rows of tableRows(tx, table.name)) for (const row of rows) checksum.add(row);
        if (checksum.rows !== table.rows || checksum.value !== table.checksum) {
          throw new Error(`Table ${table.name}: the restored rows differ from the backup's.`);
        }
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // The files the rows name first, so that an archive short of one names it.
  report.checkedFiles = await checkNamedFiles(database.db, storage, manifest.files);
  if (manifest.files.kind === 'local' && report.files !== summary.files.count) {
    throw new Error(`The backup lists ${summary.files.count} files but holds ${report.files}.`);
  }
  await migrateTo(database);
  return report;
}
