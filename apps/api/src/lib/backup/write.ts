import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client';
import { listNamedFiles, type NamedFile } from '../../db/queries/files';
import type { FileStorage } from '../storage';
import { TarWriter } from './archive';
import {
  countRows,
  fixRowText,
  migrationsRun,
  readJournal,
  sequenceValues,
  tableRows,
  tablesInLoadOrder,
} from './database';
import {
  APP_SECRET,
  BACKUP_FORMAT,
  BATCH_OBJECTS,
  type BackupManifest,
  type BackupSummary,
  MANIFEST,
  type ObjectEntry,
  RowChecksum,
  SUMMARY,
} from './format';
import { describeProblems, type FileProblem, isS3, probeAll, problemOf } from './named-files';

// Writing a backup (README "Backups"): one tar stream holding a logical copy of the database and the
// files, or a manifest of the bucket's objects. The database is read table by table through a cursor
// inside one REPEATABLE READ, read-only transaction, so the copy is one consistent moment of a running
// PostgreSQL server and at most one batch of rows is in memory. Rows travel as JSON (row_to_json) and come
// back through json_populate_recordset: the same format on both databases, so a backup of the embedded
// database restores into a PostgreSQL server and back. The files copied are the ones that moment's rows
// name, listed in the same transaction; a file they stop naming meanwhile stays in storage for
// FILE_DELETE_GRACE_HOURS (decision 011), so it is still there to copy.

export type BackupReport = { tables: number; rows: number; files: number; bytes: number };

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
    const tar = new TarWriter(out);
    const namedFiles = path.join(scratch, 'named-files.jsonl');
    const startedAt = Date.now();
    const tables = await writeSnapshot(source, tar, namedFiles);
    const files = await copyNamedFiles(source, tar, namedFiles, startedAt);
    const summary: BackupSummary = { tables, files };
    await tar.add(SUMMARY, ...jsonFile(summary));
    await tar.finish();
    return {
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      files: files.count,
      bytes: files.bytes,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The snapshot: the manifest, the app secret and every table's rows into the archive, and the files those
 * rows name into `namedFiles` (JSON lines), all in one read-only transaction. Answers each table's checksum.
 */
async function writeSnapshot(
  source: BackupSource,
  tar: TarWriter,
  namedFiles: string,
): Promise<BackupSummary['tables']> {
  const { database, storage } = source;
  const journal = await readJournal();
  const checksums: BackupSummary['tables'] = [];
  await database.db.transaction(
    async (tx) => {
      await fixRowText(tx);
      const migrations = await migrationsRun(tx);
      if (migrations === 0) throw new Error('This database holds no Skillwise data (it was never migrated).');
      const counted: BackupManifest['tables'] = [];
      for (const name of await tablesInLoadOrder(tx)) counted.push({ name, rows: await countRows(tx, name) });
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
        sequences: await sequenceValues(tx),
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
        checksums.push({ name, rows: checksum.rows, checksum: checksum.value });
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
  return checksums;
}

/**
 * The files listed in `namedFiles` into the archive (local disk), or their sizes and ETags (a bucket).
 * Copied after the snapshot, outside its transaction: a file its rows name that a change has stopped
 * naming since is kept in storage for FILE_DELETE_GRACE_HOURS, so it is still there.
 */
async function copyNamedFiles(
  source: BackupSource,
  tar: TarWriter,
  namedFiles: string,
  startedAt: number,
): Promise<BackupSummary['files']> {
  const { storage } = source;
  const copied: BackupSummary['files'] = { count: 0, bytes: 0 };
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
      copied.count += objects.length;
      copied.bytes += objects.reduce((sum, o) => sum + o.size, 0);
    } else {
      for (const file of batch) {
        const size = await storage.size(file.key);
        const problem = problemOf(file, size);
        if (problem) problems.push(problem);
        else if (size !== undefined) {
          await tar.add(`files/${file.key}`, size, storage.read(file.key) as AsyncIterable<Buffer>);
          copied.count += 1;
          copied.bytes += size;
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
  return copied;
}

function textFile(text: string): [number, Buffer] {
  const bytes = Buffer.from(text, 'utf8');
  return [bytes.length, bytes];
}
const jsonFile = (value: unknown) => textFile(JSON.stringify(value, null, 2));
