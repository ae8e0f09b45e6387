import {
  CONTENT_TYPES,
  type ContentType,
  EDIT_LESSON_MAX_BYTES,
  LESSON_FORM_MAX_BYTES,
  lessonKind,
} from '@skillwise/contracts';
import { AUTHORING_MSG } from '@/config/messages';
import { type MessageId, t } from '@/lib/i18n/i18n';

export type LessonDraft = {
  title: string;
  contentType: string;
  sectionId: number | null;
  file: File | null;
};

export const isContentType = (value: string): value is ContentType =>
  (CONTENT_TYPES as readonly string[]).includes(value);

/** A kind the add-lesson form makes: a content type, or a quiz (no file, docs/decisions/031). */
export const isNewLessonType = (value: string): value is ContentType | 'quiz' =>
  isContentType(value) || value === 'quiz';

/** The add-lesson form's size rule alone, said as soon as a file is chosen. */
export const newLessonFileProblem = (file: File | null): string | null =>
  file && file.size > LESSON_FORM_MAX_BYTES ? AUTHORING_MSG.lessonFileTooLarge : null;

/** The edit-lesson form's size rule alone. */
export const editedLessonFileProblem = (file: File | null): string | null =>
  file && file.size > EDIT_LESSON_MAX_BYTES ? AUTHORING_MSG.editLessonFileTooLarge : null;

/**
 * SPEC §5 curriculum lesson form: a file over 104857600 bytes is refused first, then the trimmed
 * name, the content type and the section are required.
 */
export const validateNewLesson = (draft: LessonDraft): string | null => {
  const fileProblem = newLessonFileProblem(draft.file);
  if (fileProblem) return fileProblem;
  if (draft.title.trim() === '' || !isNewLessonType(draft.contentType) || !draft.sectionId) {
    return t('common.msg.allFieldsRequired');
  }
  return null;
};

/**
 * SPEC §5 edit lesson: title (trimmed), content type and section id are required, then a chosen file
 * must not pass 2147483648 bytes (DESIGN decision 2: the message names the 2 GB it checks).
 */
export const validateEditedLesson = (draft: LessonDraft): string | null => {
  // An image lesson (from a bulk upload) may keep its 'image' type as long as it keeps its file.
  const keepsImage = draft.contentType === 'image' && draft.file === null;
  if (draft.title.trim() === '' || !(isContentType(draft.contentType) || keepsImage) || !draft.sectionId) {
    return draft.contentType === 'image'
      ? AUTHORING_MSG.chooseTypeForNewFile
      : t('common.msg.allFieldsRequired');
  }
  return editedLessonFileProblem(draft.file);
};

/**
 * The type the edit form sends: a content type, 'image' for an image lesson keeping its file, or 'quiz'
 * for a quiz lesson (which stays one).
 */
export type EditableContentType = ContentType | 'image' | 'quiz';

/** The content type the edit form starts on: the lesson's kind ('image' for a bulk-uploaded image). */
export const editableContentType = (contentType: string): EditableContentType => lessonKind(contentType);

const CONTENT_TYPE_LABELS: Record<EditableContentType, MessageId> = {
  pdf: 'admin.curriculum.type.pdf',
  text: 'admin.curriculum.type.text',
  audio: 'admin.curriculum.type.audio',
  video: 'admin.curriculum.type.video',
  quiz: 'admin.curriculum.type.quiz',
  image: 'admin.curriculum.type.image',
};

/** How the lesson forms name a content type. */
export const contentTypeLabel = (type: EditableContentType): string => t(CONTENT_TYPE_LABELS[type]);

/** Narrows the file picker to files of the chosen type; the server checks the content anyway. */
export const ACCEPT_BY_TYPE: Record<ContentType, string> = {
  pdf: 'application/pdf,.pdf',
  video: 'video/*',
  audio: 'audio/*',
  text: 'text/plain,.txt',
};
