import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type Db, rowsOf } from '../db/client';
import { listNamedFiles, type NamedFile } from '../db/queries/files';
import { MIGRATIONS_FOLDER } from './paths';
import type { S3Storage } from './s3-storage';
import type { FileStorage } from './storage';
import { readTar, type TarEntry, TarWriter } from './tar';

// Backups (README "Backups"): one tar stream holding a logical copy of the database and the files, or
// a manifest of the bucket's objects. The database is read table by table through a cursor inside one
// REPEATABLE READ, read-only transaction, so the copy is one consistent moment of a running PostgreSQL
// server and at most one batch of rows is in memory. Rows travel as JSON (row_to_json) and come back
// through json_populate_recordset: the same format on both databases, so a backup of the embedded
// database restores into a PostgreSQL server and back. The files copied are the ones that moment's rows
// name, listed in the same transaction; a file they stop naming meanwhile stays in storage for
// FILE_DELETE_GRACE_HOURS (decision 011), so it is still there to copy.

export const BACKUP_FORMAT = 'skillwise-backup';
const MANIFEST = 'skillwise-backup.json';
const SUMMARY = 'summary.json';
const APP_SECRET = 'app-secret';
/** Rows per cursor fetch and per archive entry: the most rows either side holds at once. */
const BATCH_ROWS = 500;
/** Named files checked (and, from a bucket, listed per manifest entry) at a time. */
const BATCH_OBJECTS = 1000;

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
type BackupSummary = {
  tables: { name: string; rows: number; checksum: string }[];
  files: { count: number; bytes: number };
};

export type BackupReport = { tables: number; rows: number; files: number; bytes: number };

/** A bucket object as the manifest lists it. */
type ObjectEntry = { key: string; size: number; etag: string };

export type RestoreReport = {
  tables: number;
  rows: number;
  /** Files restored from the archive (none for a bucket's backup). */
  files: number;
  bytes: number;
  /** Files the restored rows name, each found in the storage with the size the database knows. */
  checkedFiles: number;
};

/** A named file that the storage lacks (`found` undefined) or holds with another size than its row says. */
type FileProblem = { file: NamedFile; found: number | undefined };

/** The problems, one line each (at most 50, then how many more). */
function describeProblems(problems: FileProblem[]): string {
  const lines = problems
    .slice(0, 50)
    .map(({ file, found }) =>
      found === undefined
        ? `  ${file.key} (${file.namedBy}): missing`
        : `  ${file.key} (${file.namedBy}): ${found} bytes where ${file.size} were stored`,
    );
  if (problems.length > 50) lines.push(`  ... and ${problems.length - 50} more`);
  return lines.join('\n');
}

/** What a storage holds of a named file: a problem, or nothing when it is there with the known size. */
const problemOf = (file: NamedFile, found: number | undefined): FileProblem | undefined =>
  found === undefined || (file.size !== null && found !== file.size) ? { file, found } : undefined;

/** Files asked about at once: a bucket answers each HEAD in a round trip. */
const PROBES_AT_ONCE = 8;

/** `probe` for each file, a few at a time, the answers in the files' order. */
async function probeAll<T>(files: NamedFile[], probe: (key: string) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PROBES_AT_ONCE }, async () => {
      for (let index = next++; index < files.length; index = next++) {
        const file = files[index];
        if (file) answers[index] = await probe(file.key);
      }
    }),
  );
  return answers;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An order-independent sum of the rows' hashes: equal for the same rows however they are stored. */
class RowChecksum {
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

type Journal = { entries: { idx: number; when: number; tag: string }[] };

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
}

async function migrationsRun(db: Db): Promise<number> {
  const [found] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!found?.present) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return row?.n ?? 0;
}

/** The public tables, parents before children (by their foreign keys). */
async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`),
  ).map((row) => row.name);
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select cl.relname as child, pl.relname as parent from pg_constraint k
      join pg_class cl on cl.oid = k.conrelid
      join pg_class pl on pl.oid = k.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Settings that fix how rows print as JSON, so a row's text (and checksum) is the same on any server:
 * timestamps in UTC, intervals and floats in one spelling.
 */
async function fixRowText(tx: Db) {
  await tx.execute(sql`set local timezone = 'UTC'`);
  await tx.execute(sql`set local intervalstyle = 'iso_8601'`);
  await tx.execute(sql`set local extra_float_digits = 1`);
}

/** A table's rows as JSON text, a batch at a time, through a cursor of the current transaction. */
async function* tableRows(tx: Db, table: string): AsyncGenerator<string[]> {
  const cursor = ident(`backup_${table}`);
  await tx.execute(
    sql.raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`),
  );
  for (;;) {
    const rows = rowsOf<{ j: string }>(
      await tx.execute(sql.raw(`fetch forward ${BATCH_ROWS} from ${cursor}`)),
    );
    if (rows.length === 0) break;
    yield rows.map((row) => row.j);
  }
  await tx.execute(sql.raw(`close ${cursor}`));
}

const isS3 = (storage: FileStorage): storage is S3Storage =>
  typeof (storage as Partial<S3Storage>).head === 'function';

type BackupSource = {
  database: Database;
  storage: FileStorage;
  /** DATA_DIR's generated app secret, when the installation uses one. */
  appSecret?: string | undefined;
  /** FILE_DELETE_GRACE_HOURS: a backup that runs longer may find files that its rows name deleted. */
  fileDeleteGraceHours?: number | undefined;
};

/**
 * Writes a backup of `database` and `storage` to `out` (a tar stream; the caller gzips and ends it). A
 * file that the rows name and the storage lacks, or holds with another size, fails the backup, naming it.
 */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupReport> {
  // The named files are listed in the snapshot and copied after it: they wait in a file meanwhile, so
  // memory holds a batch of them however many there are.
  const scratch = await mkdtemp(path.join(tmpdir(), 'skillwise-backup-'));
  try {
    return await writeArchive(source, out, path.join(scratch, 'named-files.jsonl'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function writeArchive(source: BackupSource, out: Writable, namedFiles: string): Promise<BackupReport> {
  const tar = new TarWriter(out);
  const { database, storage } = source;
  const journal = await readJournal();
  const summary: BackupSummary = { tables: [], files: { count: 0, bytes: 0 } };
  const startedAt = Date.now();
  await database.db.transaction(
    async (tx) => {
      await fixRowText(tx);
      const migrations = await migrationsRun(tx);
      if (migrations === 0) throw new Error('This database holds no Skillwise data (it was never migrated).');
      const tables = await tablesInLoadOrder(tx);
      const counted: BackupManifest['tables'] = [];
      for (const name of tables) {
        const [row] = rowsOf<{ n: string }>(
          await tx.execute(sql.raw(`select count(*)::text as n from ${ident(name)}`)),
        );
        counted.push({ name, rows: Number(row?.n ?? 0) });
      }
      const sequences: BackupManifest['sequences'] = [];
      const sequenceNames = rowsOf<{ name: string }>(
        await tx.execute(sql`select c.relname as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
      );
      for (const { name } of sequenceNames) {
        const [row] = rowsOf<{ value: string; is_called: boolean }>(
          await tx.execute(sql.raw(`select last_value::text as value, is_called from ${ident(name)}`)),
        );
        if (row) sequences.push({ name, value: row.value, isCalled: row.is_called });
      }
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: new Date().toISOString(),
        database: {
          kind: database.kind,
          migrations,
          lastMigration: journal.entries[migrations - 1]?.tag ?? null,
        },
        tables: counted,
        sequences,
        files: isS3(storage) ? { kind: 's3', bucket: storage.bucket } : { kind: 'local' },
        appSecret: source.appSecret !== undefined,
      };
      await tar.add(MANIFEST, ...jsonFile(manifest));
      if (source.appSecret !== undefined) await tar.add(APP_SECRET, ...textFile(source.appSecret));
      for (const { name } of counted) {
        const checksum = new RowChecksum();
        let part = 0;
        for await (const rows of tableRows(tx, name)) {
          for (const row of rows) checksum.add(row);
          part += 1;
          await tar.add(
            `db/${name}.${String(part).padStart(6, '0')}.jsonl`,
            ...textFile(`${rows.join('\n')}\n`),
          );
        }
        summary.tables.push({ name, rows: checksum.rows, checksum: checksum.value });
      }
      // The files of this moment's rows, read in the same snapshot as the rows themselves.
      await pipeline(
        Readable.from(
          (async function* () {
            for await (const file of listNamedFiles(tx)) yield `${JSON.stringify(file)}\n`;
          })(),
        ),
        createWriteStream(namedFiles, { mode: 0o600 }),
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  // Copied after the snapshot, outside its transaction: a file its rows name that a change has stopped
  // naming since is kept in storage for FILE_DELETE_GRACE_HOURS, so it is still there.
  const problems: FileProblem[] = [];
  let batch: NamedFile[] = [];
  let part = 0;
  const copyBatch = async () => {
    if (isS3(storage)) {
      const found = await probeAll(batch, (key) => storage.head(key));
      const objects: ObjectEntry[] = [];
      batch.forEach((file, index) => {
        const object = found[index];
        const problem = problemOf(file, object?.size);
        if (problem) problems.push(problem);
        else if (object) objects.push({ key: file.key, ...object });
      });
      if (objects.length > 0) {
        part += 1;
        await tar.add(
          `bucket/${String(part).padStart(6, '0')}.jsonl`,
          ...textFile(`${objects.map((o) => JSON.stringify(o)).join('\n')}\n`),
        );
      }
      summary.files.count += objects.length;
      summary.files.bytes += objects.reduce((sum, o) => sum + o.size, 0);
    } else {
      for (const file of batch) {
        const size = await storage.size(file.key);
        const problem = problemOf(file, size);
        if (problem) problems.push(problem);
        else if (size !== undefined) {
          await tar.add(`files/${file.key}`, size, storage.read(file.key) as AsyncIterable<Buffer>);
          summary.files.count += 1;
          summary.files.bytes += size;
        }
      }
    }
    batch = [];
  };
  for await (const line of createInterface({ input: createReadStream(namedFiles), crlfDelay: Infinity })) {
    batch.push(JSON.parse(line) as NamedFile);
    if (batch.length >= BATCH_OBJECTS) await copyBatch();
  }
  await copyBatch();
  if (problems.length > 0) {
    const hours = (Date.now() - startedAt) / 3600_000;
    const grace = source.fileDeleteGraceHours;
    throw new Error(
      `${problems.length} files that the database names are missing from ${isS3(storage) ? `bucket ${storage.bucket}` : 'the files folder'} or differ from what was stored, so this backup cannot hold them:\n${describeProblems(problems)}\n` +
        (grace !== undefined && hours > grace
          ? `The backup ran for ${hours.toFixed(1)} hours, longer than FILE_DELETE_GRACE_HOURS (${grace}): files deleted since it began may be gone. Raise it and back up again.`
          : 'Put them back (or remove the lessons, courses or authors that name them) and back up again.'),
    );
  }
  await tar.add(SUMMARY, ...jsonFile(summary));
  await tar.finish();
  return {
    tables: summary.tables.length,
    rows: summary.tables.reduce((sum, table) => sum + table.rows, 0),
    files: summary.files.count,
    bytes: summary.files.bytes,
  };
}

function textFile(text: string): [number, Buffer] {
  const bytes = Buffer.from(text, 'utf8');
  return [bytes.length, bytes];
}
const jsonFile = (value: unknown) => textFile(JSON.stringify(value, null, 2));

async function readAll(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** A backup being read: its manifest first, then the rest in order. */
export type OpenedBackup = {
  manifest: BackupManifest;
  entries: AsyncIterator<TarEntry>;
};

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

/** Whether the database holds anything of ours (tables in public, or migrations run). */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S', 'v', 'm', 'p')`),
  );
  return (row?.n ?? 0) === 0;
}

/** Removes everything of ours from the database (restore --force): the public and drizzle schemas. */
export async function wipeDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
}

/**
 * Runs the first `count` migrations only: a backup's rows are loaded into the schema they were taken
 * from, and the later migrations then bring them up to date as they would have on the live database.
 */
async function migrateTo(database: Database, count?: number): Promise<void> {
  let folder = MIGRATIONS_FOLDER;
  let temporary: string | undefined;
  if (count !== undefined) {
    const journal = await readJournal();
    temporary = await mkdtemp(path.join(tmpdir(), 'skillwise-migrations-'));
    await mkdir(path.join(temporary, 'meta'));
    const entries = journal.entries.slice(0, count);
    await writeFile(path.join(temporary, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      await copyFile(
        path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
        path.join(temporary, `${entry.tag}.sql`),
      );
    }
    folder = temporary;
  }
  try {
    // Both migrators take the Drizzle database of their own driver; Database.db is that one.
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migrateNodePg(database.db as never, { migrationsFolder: folder });
  } finally {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}

/** A table's columns that take a value (generated columns compute their own). */
async function insertableColumns(tx: Db, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`select attname as name from pg_attribute
      where attrelid = ${`public.${ident(table)}`}::regclass and attnum > 0
        and not attisdropped and attgenerated = '' order by attnum`),
  ).map((row) => row.name);
}

/** Where a restore writes: a migrated-or-empty database and the files' storage. */
export type RestoreTarget = {
  database: Database;
  storage: FileStorage;
  /** DATA_DIR, to receive the archive's generated app secret (absent: the secret is not restored). */
  dataDir?: string | undefined;
  /** Progress lines for the operator. */
  log?: (line: string) => void;
};

/**
 * Every file the restored rows name must be in `storage` with the size the database knows for it;
 * otherwise the restore fails, naming each one. Answers how many were checked.
 */
async function checkNamedFiles(
  db: Db,
  storage: FileStorage,
  files: BackupManifest['files'],
): Promise<number> {
  const problems: FileProblem[] = [];
  let checked = 0;
  let batch: NamedFile[] = [];
  const check = async () => {
    const sizes = await probeAll(batch, (key) => storage.size(key));
    batch.forEach((file, index) => {
      const problem = problemOf(file, sizes[index]);
      if (problem) problems.push(problem);
    });
    checked += batch.length;
    batch = [];
  };
  for await (const file of listNamedFiles(db)) {
    batch.push(file);
    if (batch.length >= BATCH_OBJECTS) await check();
  }
  await check();
  if (problems.length > 0) {
    throw new Error(
      `${problems.length} files that the restored rows name are missing from ${files.kind === 'local' ? 'the backup' : `bucket ${files.bucket}`} or differ from what was stored:\n${describeProblems(problems)}\n` +
        `The lessons, courses or authors that name them would have no file: ${files.kind === 'local' ? 'restore another backup' : 'copy them into the bucket (from its versions or a replica), or restore another backup'}.`,
    );
  }
  return checked;
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
