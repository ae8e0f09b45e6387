import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import {
  authors,
  courses,
  pendingFileDeletions,
  quizAttempts,
  quizQuestions,
  quizzes,
  schoolSites,
} from '../../db/schema';

/** True when the key names a course cover, an author photo or a school's logo: the only files served publicly. */
export async function isPublicImage(db: Db, key: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${courses} where ${courses.imageKey} = ${key}
    union all
    select 1 from ${authors} where ${authors.photoKey} = ${key}
    union all
    select 1 from ${schoolSites} where ${schoolSites.logoKey} = ${key}
    limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * Takes at most `limit` queued file deletions queued before `before`, oldest first, removing them from
 * the queue: the caller deletes the files. Instances sweeping at once take different ones.
 */
export async function takeDueFileDeletions(db: Db, before: Date, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    delete from ${pendingFileDeletions} where ${pendingFileDeletions.fileKey} in (
      select ${pendingFileDeletions.fileKey} from ${pendingFileDeletions}
      where ${pendingFileDeletions.queuedAt} < ${before.toISOString()}::timestamptz
      order by ${pendingFileDeletions.queuedAt}
      limit ${limit}
      for update skip locked)
    returning ${pendingFileDeletions.fileKey} as key`);
  return rowsOf<{ key: string }>(result).map((row) => row.key);
}

/**
 * True when the key names an image of the quiz lesson's quiz: one of its questions' now, or one an attempt
 * at it keeps in its snapshot (docs/decisions/035). The attempts are the quiz's own (by its index).
 */
export async function isQuestionImageOf(db: Db, lessonId: number, key: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${quizQuestions}
      join ${quizzes} on ${quizzes.id} = ${quizQuestions.quizId}
    where ${quizzes.lessonId} = ${lessonId} and ${quizQuestions.imageKey} = ${key}
    union all
    select 1 from ${quizAttempts}
      join ${quizzes} on ${quizzes.id} = ${quizAttempts.quizId}
    where ${quizzes.lessonId} = ${lessonId}
      and ${quizAttempts.questions} @> ${JSON.stringify([{ imageKey: key }])}::jsonb
    limit 1`);
  return rowsOf(result).length > 0;
}
