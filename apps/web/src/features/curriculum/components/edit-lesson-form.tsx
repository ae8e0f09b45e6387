import {
  CONTENT_TYPES,
  COUNTER_SHORT,
  EDIT_STATUS_CLEAR_MS,
  type Lesson,
  lessonKind,
} from '@skillwise/contracts';
import { useEffect, useRef, useState } from 'react';
import { ExternalLinkIcon } from '@/components/ui/drawn-icons';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FileInput } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { UploadProgress } from '@/components/ui/upload-progress';
import { AUTHORING_MSG } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { T, useT } from '@/lib/i18n/use-t';
import { failureLink, type MessageLink, MessageWithLink } from '@/lib/message-link';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import type { LessonInput } from '../api/curriculum';
import { useTimedStatus } from '../hooks/use-timed-status';
import { useUploadProgress } from '../hooks/use-upload-progress';
import {
  ACCEPT_BY_TYPE,
  contentTypeLabel,
  editableContentType,
  editedLessonFileProblem,
  isContentType,
  validateEditedLesson,
} from '../lib/lesson-rules';
import { CaptionsPanel } from './captions-panel';
import { lessonContent, NOT_WRITTEN, TextLessonSource } from './text-lesson-source';

const contentOptions = () => CONTENT_TYPES.map((type) => ({ value: type, label: contentTypeLabel(type) }));
/** How long 'Saved successfully!' shows before the form closes. */
const SAVED_CLOSE_DELAY_MS = 1000;
/** A bulk upload may make a lesson of an image: its form also offers the type it has. */
const imageOptions = () => [...contentOptions(), { value: 'image', label: contentTypeLabel('image') }];

type EditLessonFormProps = {
  lesson: Lesson;
  sectionName: string;
  onClose: () => void;
  save: (input: LessonInput) => Promise<unknown>;
};

/**
 * SPEC §2.13 Edit Lesson: title, the current file, a new file, content type and Save Changes.
 * The status line is green for 'Saved successfully!', red otherwise, and clears after 3000 ms.
 */
export const EditLessonForm = ({ lesson, sectionName, onClose, save }: EditLessonFormProps) => {
  const t = useT();
  const isImageLesson = lessonKind(lesson.contentType) === 'image';
  const [isDone, setDone] = useState(false);
  const [written, setWritten] = useState(NOT_WRITTEN);
  const [status, showStatus] = useTimedStatus(EDIT_STATUS_CLEAR_MS);
  // A refusal with a way on (a plan's limit leads to Plan & billing), shown while its message is.
  const [refusal, setRefusal] = useState<{ message: string; link: MessageLink } | null>(null);
  const upload = useUploadProgress();
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  // SPEC §2.13: this form says everything in its status line, which clears after 3000 ms.
  const form = useForm({
    initial: (): { title: string; contentType: string; file: File | null } => ({
      title: lesson.lesson_title,
      contentType: editableContentType(lesson.contentType),
      file: null,
    }),
    validate: (values) => {
      const problem = validateEditedLesson({ ...values, sectionId: lesson.section_Id });
      if (problem) return { problem };
      const isKnownType = isContentType(values.contentType) || values.contentType === 'image';
      return isKnownType ? {} : { problem: AUTHORING_MSG.lessonSaveFailed };
    },
    onInvalid: ({ problem }) => showStatus(problem ?? AUTHORING_MSG.lessonSaveFailed),
  });
  const { contentType } = form.values;

  const onSubmit = form.handleSubmit(async ({ title, contentType: type, file }) => {
    if (!(isContentType(type) || type === 'image')) return;
    try {
      await save({
        lessonId: lesson.lesson_Id,
        title: title.trim(),
        contentType: type,
        sectionId: lesson.section_Id,
        ...lessonContent(type, written, file),
        onUpload: upload.track,
      });
    } catch (error) {
      const message = errorMessage(error, AUTHORING_MSG.lessonSaveFailed);
      const link = failureLink(error);
      setRefusal(link ? { message, link } : null);
      showStatus(message);
      return;
    }
    showStatus(AUTHORING_MSG.savedSuccessfully);
    notify.success(AUTHORING_MSG.lessonUpdated);
    // SPEC §4: 'Saved successfully!' shows, then the form closes; the buttons stay disabled meanwhile.
    setDone(true);
    closeTimer.current = window.setTimeout(onClose, SAVED_CLOSE_DELAY_MS);
  });

  const isSaved = status === AUTHORING_MSG.savedSuccessfully;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="-mt-2 text-sm text-slate-500">
        <T
          id="admin.curriculum.lesson.sectionLine"
          values={{ id: lesson.section_Id, name: sectionName }}
          components={{ 0: <span className="font-medium text-slate-700" /> }}
        />
      </p>
      <TextField
        label={t('admin.curriculum.lesson.title')}
        name="lesson_title"
        required
        counterMax={COUNTER_SHORT}
        maxLength={COUNTER_SHORT}
        {...form.field('title')}
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-700">{t('admin.curriculum.lesson.currentFile')}</span>
        {lesson.content_path ? (
          <a
            href={lesson.content_path}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-600 hover:underline"
          >
            {t('admin.curriculum.lesson.viewFile')}
            <ExternalLinkIcon className="size-4" />
          </a>
        ) : (
          <span className="text-sm text-slate-500">{AUTHORING_MSG.noFileAvailable}</span>
        )}
      </div>
      <TextLessonSource off={contentType !== 'text'} lesson={lesson} onChange={setWritten} />
      <Field
        className={written.writing ? 'hidden' : undefined}
        label={t('admin.curriculum.lesson.replaceFile')}
        labelNote={t('admin.curriculum.optional')}
        hint={t('admin.curriculum.lesson.replaceFileHint')}
      >
        {(control) => (
          <FileInput
            {...control}
            name="fileName"
            accept={isContentType(contentType) ? ACCEPT_BY_TYPE[contentType] : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = editedLessonFileProblem(chosen);
              if (problem) {
                // The file is not kept: the form must not send what it refused.
                event.target.value = '';
                form.setValue('file', null);
                showStatus(problem);
                return;
              }
              form.setValue('file', chosen);
            }}
          />
        )}
      </Field>
      <SelectField
        label={t('admin.curriculum.lesson.contentType')}
        name="contentType"
        required
        placeholder={t('admin.curriculum.lesson.selectContentType')}
        options={isImageLesson ? imageOptions() : contentOptions()}
        {...form.field('contentType')}
      />
      <UploadProgress progress={form.isSubmitting ? upload.progress : null} />
      <p
        role="status"
        className={cn('min-h-5 text-sm font-medium', isSaved ? 'text-emerald-600' : 'text-rose-600')}
      >
        <MessageWithLink message={status} link={refusal?.message === status ? refusal.link : undefined} />
      </p>
      <FormActions
        onCancel={onClose}
        isSubmitting={form.isSubmitting}
        submitLabel={t('admin.curriculum.lesson.saveChanges')}
        disabled={isDone}
      />
    </form>
  );
};

type EditLessonModalProps = Omit<EditLessonFormProps, 'lesson'> & { lesson: Lesson | null };

/** The edit form in a dialog headed by the lesson's title; a video lesson's captions below it. */
export const EditLessonModal = ({ lesson, ...props }: EditLessonModalProps) => {
  const t = useT();
  return (
    <Modal
      open={lesson !== null}
      onClose={props.onClose}
      title={lesson ? t('admin.curriculum.lesson.editTitle', { title: lesson.lesson_title }) : ''}
    >
      {lesson ? <EditLessonForm key={lesson.lesson_Id} lesson={lesson} {...props} /> : null}
      {lesson && lessonKind(lesson.contentType) === 'video' ? (
        <CaptionsPanel key={`captions-${lesson.lesson_Id}`} lessonId={lesson.lesson_Id} />
      ) : null}
    </Modal>
  );
};
