import { CAPTION_LANGUAGES_MAX, type LessonCaption, languageName, lessonKind } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { ReceivedFile } from '../../lib/upload';
import type { Actor } from '../../plugins/auth';
import { requireAccess } from '../access/access';
import { type CaptionRow, deleteCaption, listCaptions, saveCaption } from './captions.repository';

const asCaption = (row: CaptionRow): LessonCaption => ({
  language: row.language,
  label: row.label,
  size_bytes: row.sizeBytes,
  created_at: row.createdAt.toISOString(),
});

/** A video lesson's captions files, one per language (docs/decisions/042), kept by its school's staff. */
export class CaptionService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * Whether the caller may change the lesson's captions: its course's staff (the access module's
   * lesson.update; anyone else is answered 404), for a video lesson (400 otherwise). Checked before a
   * byte of an upload is stored.
   */
  async mayChange(actor: Actor, lessonId: number): Promise<void> {
    const facts = await requireAccess(this.deps.db, actor, 'lesson.update', lessonId);
    if (lessonKind(facts.lesson.contentType) !== 'video') {
      throw fieldError('id', 'must be a video lesson: only a video has captions');
    }
  }

  /** The lesson's captions, by language. */
  async list(actor: Actor, lessonId: number): Promise<LessonCaption[]> {
    await requireAccess(this.deps.db, actor, 'lesson.update', lessonId);
    return (await listCaptions(this.deps.db, lessonId)).map(asCaption);
  }

  /**
   * Stores an uploaded captions file (already checked and made WebVTT) as the lesson's captions in
   * `language`, replacing the file that language had; answers the lesson's captions.
   */
  async save(
    actor: Actor,
    lessonId: number,
    input: { language: string; label?: string | undefined },
    file: ReceivedFile,
  ): Promise<LessonCaption[]> {
    await this.mayChange(actor, lessonId);
    const { language } = input;
    const saved = await saveCaption(
      this.deps.db,
      {
        lessonId,
        language,
        label: input.label || languageName(language),
        fileKey: file.key,
        sizeBytes: file.size,
      },
      CAPTION_LANGUAGES_MAX,
    );
    if (!saved) {
      const message = `a lesson has captions in at most ${CAPTION_LANGUAGES_MAX} languages: remove one to add another`;
      throw new AppError('CONFLICT', `language: ${message}`, [{ field: 'language', message }]);
    }
    return this.list(actor, lessonId);
  }

  /** Removes the lesson's captions in `language`; answers the lesson's captions. */
  async remove(actor: Actor, lessonId: number, language: string): Promise<LessonCaption[]> {
    await requireAccess(this.deps.db, actor, 'lesson.update', lessonId);
    if (!(await deleteCaption(this.deps.db, lessonId, language))) throw notFound('Captions');
    return this.list(actor, lessonId);
  }
}
