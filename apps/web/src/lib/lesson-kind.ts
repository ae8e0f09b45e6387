import { CONTENT_TYPES, type ContentType } from '@skillwise/contracts';

export type LessonKind = ContentType | 'image';

/**
 * What a lesson holds, for its icon and its viewer: a content type, or the MIME type a bulk upload
 * stored (SPEC §3), e.g. 'application/pdf' is a pdf, 'video/mp4' a video and 'image/png' an image.
 */
export const lessonKind = (contentType: string | null | undefined): LessonKind => {
  const type = (contentType ?? '').trim().toLowerCase();
  if ((CONTENT_TYPES as readonly string[]).includes(type)) return type as ContentType;
  if (type.includes('pdf')) return 'pdf';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('image/')) return 'image';
  return 'text';
};
