import { sql } from 'drizzle-orm';
import { isFileKey } from '../../lib/storage';
import { type Db, rowsOf } from '../client';
import { authors, courses, lessons, pendingFileDeletions, storedFiles } from '../schema';

/**
 * Which of `keys` a row still names (a lesson's file, a course's cover or an author's photo: every column
 * that holds a stored file's key) or is queued for deletion after its grace period (the queue's triggers,
 * migration 0014). The file sweeper removes the rest as orphans; a queued file is its deletion pass's.
 */
export async function findReferencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const valid = keys.filter(isFileKey);
  if (valid.length === 0) return new Set();
  // One text parameter whatever the batch size: generated keys never contain a comma.
  const list = sql`string_to_array(${valid.join(',')}, ',')`;
  const result = await db.execute(sql`
    select ${lessons.fileKey} as key from ${lessons} where ${lessons.fileKey} = any(${list})
    union
    select ${courses.imageKey} from ${courses} where ${courses.imageKey} = any(${list})
    union
    select ${authors.photoKey} from ${authors} where ${authors.photoKey} = any(${list})
    union
    select ${pendingFileDeletions.fileKey} from ${pendingFileDeletions}
    where ${pendingFileDeletions.fileKey} = any(${list})`);
  return new Set(rowsOf<{ key: string }>(result).map((row) => row.key));
}

/** A stored file that a row names: its size when the database knows it, and the first row naming it. */
export type NamedFile = { key: string; size: number | null; namedBy: string };

/** Named files read per query. */
const NAMED_BATCH = 1000;

/**
 * Every stored file the rows name, each once, in key order, a query of a thousand at a time: what a
 * backup copies and a restore checks. The size is the lesson's, or the file's storage record's. Inside a
 * transaction every page reads its snapshot.
 */
export async function* listNamedFiles(db: Db): AsyncGenerator<NamedFile> {
  for (let after = ''; ; ) {
    const result = await db.execute(sql`
      select distinct on (named.key) named.key, coalesce(named.size, ${storedFiles.sizeBytes})::float8 as size,
        named.named_by
      from (
        select ${lessons.fileKey} as key, ${lessons.fileSize} as size, 'lesson ' || ${lessons.id} as named_by
        from ${lessons} where ${lessons.fileKey} > ${after}
        union all
        select ${courses.imageKey}, null, 'course ' || ${courses.id} from ${courses}
        where ${courses.imageKey} > ${after}
        union all
        select ${authors.photoKey}, null, 'author ' || ${authors.id} from ${authors}
        where ${authors.photoKey} > ${after}
      ) named
      left join ${storedFiles} on ${storedFiles.fileKey} = named.key
      order by named.key, named.named_by
      limit ${NAMED_BATCH}`);
    const rows = rowsOf<{ key: string; size: number | null; named_by: string }>(result);
    for (const row of rows) {
      yield { key: row.key, size: row.size === null ? null : Number(row.size), namedBy: row.named_by };
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < NAMED_BATCH) return;
    after = last.key;
  }
}
