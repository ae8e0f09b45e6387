import type { KeyObject } from 'node:crypto';
import { signLessonUrl, signQuestionImageUrl } from './signed-url';
import type { FileStorage } from './storage';

/**
 * URLs to files are made per whole hour (docs/decisions/006): every URL made within one hour is the same,
 * so answers that carry them keep their ETag and stay cacheable, and a URL lives between its nominal
 * lifetime and one hour more.
 */
export const URL_WINDOW_SECONDS = 3600;
/**
 * A presigned bucket URL cannot check access again when it is used, so it lives one hour (plus the
 * window's remainder) whatever MEDIA_URL_TTL_HOURS says for the server's own signed URLs.
 */
export const PRESIGNED_URL_HOURS = 1;

/** The current window's start, and an expiry `hours` after the window's end (seconds since the epoch). */
export function mediaUrlWindow(nowMs: number, hours: number): { signedAt: Date; expires: number } {
  const start = Math.floor(nowMs / 1000 / URL_WINDOW_SECONDS) * URL_WINDOW_SECONDS;
  return { signedAt: new Date(start * 1000), expires: start + URL_WINDOW_SECONDS + hours * 3600 };
}

export type LessonFile = { id: number; fileKey: string; fileMime: string | null };

type UrlDeps = { storage: FileStorage; key: KeyObject; ttlHours: number };

/**
 * A file's URL for a viewer already allowed: the bucket's presigned URL for this hour's window, answered
 * with `contentType` and `filename`; or, on disk, `sign(expires)`, the server's own signed URL.
 */
function fileUrl(
  deps: UrlDeps,
  file: { key: string; contentType: string; filename: string },
  sign: (expires: number) => string,
  nowMs: number,
): Promise<string> {
  const { storage } = deps;
  if (storage.presignGet) {
    const { signedAt, expires } = mediaUrlWindow(nowMs, PRESIGNED_URL_HOURS);
    return storage.presignGet(file.key, {
      signedAt,
      expiresInSeconds: expires - signedAt.getTime() / 1000,
      contentType: file.contentType,
      filename: file.filename,
    });
  }
  return Promise.resolve(sign(mediaUrlWindow(nowMs, deps.ttlHours).expires));
}

/**
 * The URL in a lesson's `content_path`, for a viewer the caller has already allowed: a presigned URL of
 * the bucket when files are in one (the server moves no bytes), otherwise the server's own signed URL,
 * which checks access again on every use.
 */
export function lessonFileUrl(
  deps: UrlDeps,
  lesson: LessonFile,
  viewerId: number,
  nowMs = Date.now(),
): Promise<string> {
  const mime = lesson.fileMime ?? 'application/octet-stream';
  return fileUrl(
    deps,
    {
      key: lesson.fileKey,
      contentType: mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime,
      filename: `lesson-${lesson.id}.${lesson.fileKey.split('.').pop() ?? 'bin'}`,
    },
    (expires) => signLessonUrl(deps.key, { lessonId: lesson.id, fileKey: lesson.fileKey, viewerId, expires }),
    nowMs,
  );
}

/** The pictures a stored image's key may end in, and the type each is served as. */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The MIME type of a stored image by its key's extension; undefined for a key that is not a picture's. */
export const imageTypeOf = (key: string): string | undefined => IMAGE_TYPES[key.split('.').pop() ?? ''];

/**
 * The URL of a quiz question's image (docs/decisions/035), for a viewer the caller has already allowed to
 * read the quiz lesson: a presigned URL of the bucket, or the server's own signed URL, which checks access
 * again on every use; made per hour as a lesson file's is.
 */
export function questionImageUrl(
  deps: UrlDeps,
  image: { lessonId: number; key: string },
  viewerId: number,
  nowMs = Date.now(),
): Promise<string> {
  return fileUrl(
    deps,
    {
      key: image.key,
      contentType: imageTypeOf(image.key) ?? 'application/octet-stream',
      filename: `quiz-${image.lessonId}-${image.key}`,
    },
    (expires) =>
      signQuestionImageUrl(deps.key, { lessonId: image.lessonId, fileKey: image.key, viewerId, expires }),
    nowMs,
  );
}
