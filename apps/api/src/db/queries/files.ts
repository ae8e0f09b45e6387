import { sql } from 'drizzle-orm';
import { isFileKey } from '../../lib/storage';
import { type Db, rowsOf } from '../client';
import {
  authors,
  courses,
  lessonCaptions,
  lessons,
  pendingFileDeletions,
  quizAttempts,
  quizQuestions,
  quizzes,
  schoolSites,
  storedFiles,
  videoAssets,
} from '../schema';

/**
 * The image keys the attempts' snapshots keep (docs/decisions/035): each attempt's copy of its questions
 * names the image each question had when it started, and shows it as long as the attempt lives. As a
 * subquery of `key` rows; no index reaches into the snapshots, so it reads every attempt.
 */
export const snapshotImageKeys = sql`select distinct q ->> 'imageKey' as key
  from ${quizAttempts}, jsonb_array_elements(${quizAttempts.questions}) q
  where q ->> 'imageKey' is not null`;

/**
 * Which of `keys` a row still names (a lesson's file or captions, a course's cover, an author's photo, a
 * quiz question's image, a video's streaming copy or poster: every column that holds a stored file's key,
 * and the images attempts keep in their snapshots) or is queued for deletion after its grace period (the
 * queue's triggers, migration 0014). The file sweeper removes the rest as orphans; a queued file is its deletion pass's.
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
    select ${schoolSites.logoKey} from ${schoolSites} where ${schoolSites.logoKey} = any(${list})
    union
    select ${quizQuestions.imageKey} from ${quizQuestions} where ${quizQuestions.imageKey} = any(${list})
    union
    select ${lessonCaptions.fileKey} from ${lessonCaptions} where ${lessonCaptions.fileKey} = any(${list})
    union
    select kept.key from (${snapshotImageKeys}) kept where kept.key = any(${list})
    union
    select ${videoAssets.fileKey} from ${videoAssets} where ${videoAssets.fileKey} = any(${list})
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
 * backup copies and a restore checks. The size is the lesson's or the captions', or the file's storage
 * record's. Inside a transaction every page reads its snapshot.
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
        union all
        select ${schoolSites.logoKey}, null, 'school site ' || ${schoolSites.orgId} from ${schoolSites}
        where ${schoolSites.logoKey} > ${after}
        union all
        select ${quizQuestions.imageKey}, null, 'quiz question ' || ${quizQuestions.id} from ${quizQuestions}
        where ${quizQuestions.imageKey} > ${after}
        union all
        select ${lessonCaptions.fileKey}, ${lessonCaptions.sizeBytes},
          'captions ' || ${lessonCaptions.language} || ' of lesson ' || ${lessonCaptions.lessonId}
        from ${lessonCaptions} where ${lessonCaptions.fileKey} > ${after}
        union all
        select kept.key, null, 'quiz attempt' from (${snapshotImageKeys}) kept where kept.key > ${after}
        union all
        select ${videoAssets.fileKey}, ${videoAssets.sizeBytes}, 'video copy of lesson ' || ${videoAssets.lessonId}
        from ${videoAssets} where ${videoAssets.fileKey} > ${after}
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

/**
 * Which of `keys` a question of the quiz of `lessonId` may show (docs/decisions/035): a file the school
 * stored (its record in stored_files, so uploaded and not deleted) that no lesson, its captions, course,
 * author or school site names, nor a question of another quiz: an image uploaded with
 * quizzes/UploadQuestionImage, or one this quiz's questions show already. One query for all of them.
 */
export async function acceptableImageKeys(
  db: Db,
  orgId: number,
  lessonId: number,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  // One text parameter: generated keys never contain a comma.
  const list = sql`string_to_array(${keys.join(',')}, ',')`;
  const result = await db.execute(sql`
    select f.file_key as key from ${storedFiles} f
    where f.file_key = any(${list}) and f.org_id = ${orgId}
      and not exists (select 1 from ${lessons} l where l.file_key = f.file_key)
      and not exists (select 1 from ${courses} c where c.image_key = f.file_key)
      and not exists (select 1 from ${authors} a where a.photo_key = f.file_key)
      and not exists (select 1 from ${schoolSites} s where s.logo_key = f.file_key)
      and not exists (select 1 from ${lessonCaptions} k where k.file_key = f.file_key)
      and not exists (select 1 from ${quizQuestions} q join ${quizzes} z on z.id = q.quiz_id
        where q.image_key = f.file_key and z.lesson_id <> ${lessonId})`);
  return new Set(rowsOf<{ key: string }>(result).map((row) => row.key));
}
