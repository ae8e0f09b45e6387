import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CaptionRow } from '../../db/queries/captions';
import { lessonCaptions, lessons } from '../../db/schema';

export type { CaptionRow };

/** A lesson's captions, by language. */
export function listCaptions(db: Db, lessonId: number): Promise<CaptionRow[]> {
  return db
    .select()
    .from(lessonCaptions)
    .where(eq(lessonCaptions.lessonId, lessonId))
    .orderBy(asc(lessonCaptions.language));
}

export type SavedCaption = Pick<CaptionRow, 'lessonId' | 'language' | 'label' | 'fileKey' | 'sizeBytes'>;

/**
 * Stores a language's captions file, replacing the one it had (its file is queued for deletion by the
 * table's trigger, in this transaction), unless the lesson has `max` languages already: then answers
 * false and changes nothing. The lesson's row is locked, so two uploads of new languages at once cannot
 * both pass the count.
 */
export async function saveCaption(db: Db, caption: SavedCaption, max: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, caption.lessonId)).for('update');
    const [existing] = await tx
      .select({ id: lessonCaptions.id })
      .from(lessonCaptions)
      .where(
        and(eq(lessonCaptions.lessonId, caption.lessonId), eq(lessonCaptions.language, caption.language)),
      );
    if (!existing) {
      const [row] = await tx
        .select({ n: count() })
        .from(lessonCaptions)
        .where(eq(lessonCaptions.lessonId, caption.lessonId));
      if ((row?.n ?? 0) >= max) return false;
    }
    await tx
      .insert(lessonCaptions)
      .values(caption)
      .onConflictDoUpdate({
        target: [lessonCaptions.lessonId, lessonCaptions.language],
        set: {
          label: caption.label,
          fileKey: caption.fileKey,
          sizeBytes: caption.sizeBytes,
          createdAt: sql`now()`,
        },
      });
    return true;
  });
}

/** Removes a language's captions (its file queued for deletion by the trigger); answers whether it had one. */
export async function deleteCaption(db: Db, lessonId: number, language: string): Promise<boolean> {
  const gone = await db
    .delete(lessonCaptions)
    .where(and(eq(lessonCaptions.lessonId, lessonId), eq(lessonCaptions.language, language)))
    .returning({ id: lessonCaptions.id });
  return gone.length > 0;
}
