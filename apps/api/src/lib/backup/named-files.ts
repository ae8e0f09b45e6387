import type { Db } from '../../db/client';
import { listNamedFiles, type NamedFile } from '../../db/queries/files';
import type { S3Storage } from '../s3-storage';
import type { FileStorage } from '../storage';
import { BATCH_OBJECTS, type BackupManifest } from './format';

// The files the rows name, as the storage holds them: a backup copies (or lists) each and a restore
// finds each again, and either fails naming every one that is missing or has another size.

export const isS3 = (storage: FileStorage): storage is S3Storage =>
  typeof (storage as Partial<S3Storage>).head === 'function';

/** A named file that the storage lacks (`found` undefined) or holds with another size than its row says. */
export type FileProblem = { file: NamedFile; found: number | undefined };

/** The problems, one line each (at most 50, then how many more). */
export function describeProblems(problems: FileProblem[]): string {
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
export const problemOf = (file: NamedFile, found: number | undefined): FileProblem | undefined =>
  found === undefined || (file.size !== null && found !== file.size) ? { file, found } : undefined;

/** Files asked about at once: a bucket answers each HEAD in a round trip. */
const PROBES_AT_ONCE = 8;

/** `probe` for each file, a few at a time, the answers in the files' order. */
export async function probeAll<T>(files: NamedFile[], probe: (key: string) => Promise<T>): Promise<T[]> {
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

/**
 * Every file the restored rows name must be in `storage` with the size the database knows for it;
 * otherwise the restore fails, naming each one. Answers how many were checked.
 */
export async function checkNamedFiles(
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
