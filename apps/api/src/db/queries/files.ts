import { sql } from 'drizzle-orm';
import { isFileKey } from '../../lib/storage';
import { type Db, rowsOf } from '../client';
import { authors, courses, lessons, pendingFileDeletions } from '../schema';

/**
 * Which of `keys` a row still names (a lesson's file, a course's cover or an author's photo: every column
 * that holds a stored file's key) or is queued for deletion after its grace period (the queue's triggers,
 * migration 0011). The file sweeper removes the rest as orphans; a queued file is its deletion pass's.
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
