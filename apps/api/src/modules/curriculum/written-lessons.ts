import { Readable } from 'node:stream';
import { TEXT_LESSON_MAX_BYTES } from '@skillwise/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { sanitizeLessonHtml } from '../../lib/lesson-html';
import { type FileStorage, newFileKey } from '../../lib/storage';
import { discardStoredFile, extensionOf, type ReceivedFile } from '../../lib/upload';

/** The multipart field of lessons/createLessons that carries a text lesson written in the page. */
export const WRITTEN_FIELD = 'Object.content_html';

/** The form's fields may be this long: the written lesson's HTML, and a byte more to tell it was longer. */
export const WRITTEN_FIELD_BYTES = TEXT_LESSON_MAX_BYTES + 1;

const written = (message: string) =>
  new AppError('VALIDATION', `${WRITTEN_FIELD}: ${message}`, [{ field: WRITTEN_FIELD, message }]);

/** The 400 for a written lesson sent longer than the form takes. */
export const writtenTooLarge = () => written(`must be at most ${TEXT_LESSON_MAX_BYTES / 1024} KB`);

/**
 * A text lesson written in the page becomes the lesson's file, as a .txt would be (docs/decisions/019):
 * its HTML sanitized (lib/lesson-html.ts) and stored as `text/html` under a generated key, counted in the
 * organisation's storage allowance like any upload. Only for a text lesson, and not beside a file.
 * `discard()` removes it when the lesson is not saved after all.
 */
export async function storeWrittenLesson(
  request: FastifyRequest,
  storage: FileStorage,
  lesson: { contentType: string; html: string; file: ReceivedFile | undefined },
): Promise<{ file: ReceivedFile; discard: () => Promise<void> }> {
  if (lesson.contentType !== 'text') throw written('is only for a text lesson');
  if (lesson.file) throw written('send either a file or the written lesson, not both');
  const html = await sanitizeLessonHtml(lesson.html);
  const mime = 'text/html';
  const key = newFileKey(extensionOf(mime));
  const size = await storage.put(key, Readable.from([Buffer.from(html, 'utf8')]), { contentType: mime });
  const file: ReceivedFile = { mime, kind: 'text', key, size, filename: 'lesson.html' };
  const quota = request.server.storageQuota;
  const orgId = request.actor?.orgId ?? null;
  const discard = () => discardStoredFile(request, storage, key);
  try {
    if (quota && orgId !== null) await quota.record(orgId, file);
  } catch (error) {
    await discard().catch((cleanup: unknown) =>
      request.log.warn({ err: cleanup }, 'a refused written lesson could not be removed yet'),
    );
    throw error;
  }
  return { file, discard };
}
