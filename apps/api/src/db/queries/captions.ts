import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { lessonCaptions } from '../schema';
import { findOne } from './find-one';

/** A video lesson's captions file in one language (docs/decisions/042). */
export type CaptionRow = typeof lessonCaptions.$inferSelect;

/** The captions of every lesson of `lessonIds`, in one query, by lesson then language. */
export function listCaptionsOf(
  db: Db,
  lessonIds: number[],
): Promise<Pick<CaptionRow, 'lessonId' | 'language' | 'label' | 'fileKey'>[]> {
  return db
    .select({
      lessonId: lessonCaptions.lessonId,
      language: lessonCaptions.language,
      label: lessonCaptions.label,
      fileKey: lessonCaptions.fileKey,
    })
    .from(lessonCaptions)
    .where(inArray(lessonCaptions.lessonId, lessonIds))
    .orderBy(asc(lessonCaptions.lessonId), asc(lessonCaptions.language));
}

/** One language's captions file of a lesson, if it has one. */
export async function findCaption(
  db: Db,
  lessonId: number,
  language: string,
): Promise<CaptionRow | undefined> {
  return findOne(
    db,
    lessonCaptions,
    and(eq(lessonCaptions.lessonId, lessonId), eq(lessonCaptions.language, language)),
  );
}
