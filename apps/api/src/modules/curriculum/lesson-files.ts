import type { ContentType } from '@skillwise/contracts';
import { AppError } from '../../lib/errors';
import type { Sniffed } from '../../lib/sniff';
import type { ReceivedFile } from '../../lib/upload';

/**
 * A lesson's file (decisions 003, 008): the kinds a lesson and a bulk upload take, the 415 for a file that
 * is not what its lesson says, and the lesson columns a stored file fills.
 */

/** What a stored file is, from its MIME type: the kinds a lesson's content type names. */
export const kindOfMime = (mime: string | null): Sniffed['kind'] | undefined => {
  if (!mime) return undefined;
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('text/')) return 'text';
  return undefined;
};

/** A file's kind as a sentence names it. */
export const KIND_WORD: Record<Sniffed['kind'], string> = {
  pdf: 'a PDF',
  video: 'a video',
  audio: 'an audio file',
  text: 'a plain-text file',
  image: 'an image',
};

const LESSON_KINDS = new Set<Sniffed['kind']>(['pdf', 'video', 'audio', 'text']);
const BULK_KINDS = new Set<Sniffed['kind']>(['image', 'video', 'pdf']);

/** A lesson's file (lessons/createLessons, resumable uploads): why one of this kind is refused, if it is. */
export const refuseLessonFile = (file: Sniffed) =>
  LESSON_KINDS.has(file.kind)
    ? undefined
    : 'A lesson file must be a PDF, a video, an audio file or plain text.';
/** A bulk-uploaded file (lessons/UploadLesson, resumable uploads): why one of this kind is refused, if it is. */
export const refuseBulkFile = (file: Sniffed) =>
  BULK_KINDS.has(file.kind) ? undefined : 'Bulk upload takes images, videos and PDF files only.';

/** The 415 for a file that is not what the lesson's content type says. */
export const mismatch = (contentType: ContentType, file: Sniffed['kind']) =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `The file is ${KIND_WORD[file]}, not ${KIND_WORD[contentType]}: choose a matching content type.`,
    [{ field: 'fileName', message: `is ${KIND_WORD[file]}, not ${KIND_WORD[contentType]}` }],
  );

/** A lesson's title from an uploaded file's name: the name only, never its path. */
export const titleFromFilename = (filename: string) => {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  // Control characters (below U+0020, and DEL) are dropped; runs of spaces become one.
  const printable = [...withoutExtension]
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f')
    .join('');
  const clean = printable.replace(/\s+/g, ' ').trim();
  return clean.slice(0, 100) || 'Untitled lesson';
};

/** A lesson's stored file with its length, read before any transaction begins (null: not known). */
export type MeasuredFile = ReceivedFile & { durationSeconds: number | null };

/** A lesson's file columns from a stored file; a new file brings its own length (null for a PDF or text). */
export const fileColumns = (file: MeasuredFile) => ({
  fileKey: file.key,
  fileMime: file.mime,
  fileSize: file.size,
  durationSeconds: file.durationSeconds,
});

/** A lesson of lessons/UploadLesson: titled after its file, typed by its MIME type. */
export const bulkLesson = (sectionId: number, file: MeasuredFile) => ({
  sectionId,
  title: titleFromFilename(file.filename),
  contentType: file.mime,
  ...fileColumns(file),
});
