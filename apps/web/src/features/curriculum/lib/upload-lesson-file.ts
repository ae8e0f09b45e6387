import type { ContentType, Lesson } from '@skillwise/contracts';
import Uppy, { type Meta } from '@uppy/core';
import Tus, { type TusBody } from '@uppy/tus';
import { t } from '@/lib/i18n/i18n';
import { storage } from '@/lib/storage';
import {
  LESSON_META_FIELDS,
  reportUploads,
  tusApiError,
  tusUploadOptions,
  uploadTargetId,
} from './resumable-upload';
import type { UploadListener } from './upload-progress';

type LessonMeta = Meta & { lesson_Id: number; lesson_title: string; contentType: string; section_Id: number };

export type LessonFile = {
  /** 0 for a new lesson; another id replaces that lesson's file (and title and type) at the last byte. */
  lessonId: number;
  title: string;
  contentType: ContentType;
  sectionId: number;
  file: File;
  /** Told of the upload's progress, retries and the connection dropping and coming back. */
  onUpload?: UploadListener | undefined;
};

const parseLesson = (text: string | undefined): Lesson | undefined => {
  try {
    const body: unknown = JSON.parse(text ?? '');
    return body && typeof body === 'object' && 'lesson_Id' in body ? (body as Lesson) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The add-lesson and edit-lesson forms' file, sent resumably (tus) with the lesson's fields: the server
 * makes the lesson, or changes the edited one, exactly as lessons/createLessons does once the last byte
 * arrives, and answers it. Loaded only when a lesson with a file is saved, so Uppy stays out of every
 * other screen's code.
 */
export async function uploadLessonFile(input: LessonFile): Promise<Lesson> {
  const token = storage.get('authToken') ?? '';
  // The same file for the same lesson after a reload resumes; for another lesson it is a new upload.
  const parts = [input.sectionId, input.contentType, input.title];
  const target = uploadTargetId(input.lessonId === 0 ? parts : [...parts, input.lessonId]);
  const uppy = new Uppy<LessonMeta, TusBody>({ id: `lesson-${target}`, autoProceed: false });
  const onSignal = input.onUpload ?? (() => undefined);
  uppy.use(Tus<LessonMeta, TusBody>, tusUploadOptions(token, LESSON_META_FIELDS, onSignal));
  onSignal({ type: 'start', total: input.file.size });
  reportUploads(uppy, onSignal);
  let lesson: Lesson | undefined;
  let uploadUrl: string | undefined;
  let failure: unknown;
  uppy.on('upload-success', (_file, response) => {
    lesson = parseLesson(response.body?.xhr?.responseText);
    uploadUrl = response.uploadURL;
  });
  uppy.on('upload-error', (_file, error) => {
    failure = error;
  });
  try {
    uppy.addFile({
      name: input.file.name,
      type: input.file.type,
      data: input.file,
      meta: {
        lesson_Id: input.lessonId,
        lesson_title: input.title,
        contentType: input.contentType,
        section_Id: input.sectionId,
      },
    });
    await uppy.upload();
    if (failure !== undefined) throw tusApiError(failure);
    if (!lesson && uploadUrl) {
      // Finished earlier (its answer lost): asking at its end answers the lesson it made.
      const answer = await fetch(uploadUrl, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': String(input.file.size),
          'Content-Type': 'application/offset+octet-stream',
          Authorization: `Bearer ${token}`,
        },
      });
      lesson = parseLesson(await answer.text());
    }
    if (!lesson) throw new Error(t('admin.curriculum.upload.noLesson'));
    return lesson;
  } finally {
    uppy.destroy();
  }
}
