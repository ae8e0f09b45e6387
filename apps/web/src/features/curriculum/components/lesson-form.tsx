import { CONTENT_TYPES, COUNTER_SHORT, type Section } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { FileInput } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { UploadProgress } from '@/components/ui/upload-progress';
import { AUTHORING_MSG } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';
import { failureLink, MessageWithLink } from '@/lib/message-link';
import { notify } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import type { LessonInput } from '../api/curriculum';
import { useUploadProgress } from '../hooks/use-upload-progress';
import {
  ACCEPT_BY_TYPE,
  contentTypeLabel,
  isContentType,
  isNewLessonType,
  type LessonDraft,
  newLessonFileProblem,
  validateNewLesson,
} from '../lib/lesson-rules';
import { lessonContent, NOT_WRITTEN, TextLessonSource } from './text-lesson-source';

/** The four content types, then a quiz (a lesson of questions, without a file: docs/decisions/031). */
const contentOptions = () =>
  [...CONTENT_TYPES, 'quiz' as const].map((type) => ({ value: type, label: contentTypeLabel(type) }));

type LessonFormProps = {
  section: Section | null;
  onClose: () => void;
  save: (input: LessonInput) => Promise<unknown>;
};

type NewLesson = Omit<LessonDraft, 'sectionId'>;

const EMPTY_LESSON: NewLesson = { title: '', contentType: '', file: null };

const LessonFormBody = ({ section, onClose, save }: LessonFormProps & { section: Section }) => {
  const t = useT();
  const upload = useUploadProgress();
  const [written, setWritten] = useState(NOT_WRITTEN);
  const form = useForm({
    initial: EMPTY_LESSON,
    validate: (values): FormErrors<NewLesson> => {
      const problem = validateNewLesson({ ...values, sectionId: section.section_Id });
      if (problem !== t('common.msg.allFieldsRequired'))
        return { problem, fields: { file: problem ? true : undefined } };
      return {
        problem,
        fields: {
          title: values.title.trim() === '' || undefined,
          contentType: !isNewLessonType(values.contentType) || undefined,
        },
      };
    },
  });

  const onSubmit = form.handleSubmit(async ({ title, contentType, file }) => {
    if (!isNewLessonType(contentType)) return;
    try {
      const content = contentType === 'quiz' ? { file: null } : lessonContent(contentType, written, file);
      await save({
        lessonId: 0,
        title: title.trim(),
        contentType,
        sectionId: section.section_Id,
        ...content,
        onUpload: upload.track,
      });
    } catch (error) {
      notify.error(AUTHORING_MSG.lessonSaveFailed);
      throw error;
    }
    notify.success(AUTHORING_MSG.lessonUploaded);
    onClose();
  });

  // SPEC §8 'Error saving the lesson.', with the server's reason (a wrong or too large file) after it.
  const reason = form.failure ? errorMessage(form.failure, '') : '';
  const failed = form.failure ? `${AUTHORING_MSG.lessonSaveFailed}${reason ? ` ${reason}` : ''}` : undefined;

  const onFileChosen = (chosen: File | null) => {
    form.setValue('file', chosen);
    // The size rule is said as soon as the file is chosen, not only on Upload.
    form.setProblem(newLessonFileProblem(chosen));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="-mt-2 text-sm text-slate-500">
        <T
          id="admin.curriculum.lesson.inSection"
          values={{ name: section.section_name }}
          components={{ 0: <span className="font-medium text-slate-700" /> }}
        />
      </p>
      <TextField
        label={t('admin.curriculum.lesson.name')}
        name="lesson_title"
        required
        counterMax={COUNTER_SHORT}
        maxLength={COUNTER_SHORT}
        placeholder={t('admin.curriculum.lesson.namePlaceholder')}
        {...form.field('title')}
      />
      <SelectField
        label={t('admin.curriculum.lesson.contentType')}
        name="contentType"
        required
        placeholder={t('admin.curriculum.lesson.selectContentType')}
        options={contentOptions()}
        {...form.field('contentType')}
      />
      <TextLessonSource off={form.values.contentType !== 'text'} onChange={setWritten} />
      {form.values.contentType === 'quiz' ? (
        <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {t('admin.curriculum.lesson.quizNote')}
        </p>
      ) : null}
      <Field
        label={t('admin.curriculum.lesson.file')}
        hint={t('admin.curriculum.lesson.fileHint')}
        className={written.writing || form.values.contentType === 'quiz' ? 'hidden' : undefined}
      >
        {(control) => (
          <div className="flex flex-col gap-1.5">
            <FileInput
              {...control}
              name="fileName"
              accept={
                isContentType(form.values.contentType) ? ACCEPT_BY_TYPE[form.values.contentType] : undefined
              }
              onChange={(event) => onFileChosen(event.target.files?.[0] ?? null)}
            />
            {form.values.file ? (
              <p className="text-xs text-slate-500">
                {form.values.file.name} · {formatBytes(form.values.file.size)}
              </p>
            ) : null}
          </div>
        )}
      </Field>
      <UploadProgress progress={form.isSubmitting ? upload.progress : null} />
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failed ? (
        <Alert>
          <MessageWithLink message={failed} link={failureLink(form.failure)} />
        </Alert>
      ) : null}
      <FormActions
        onCancel={onClose}
        isSubmitting={form.isSubmitting}
        submitLabel={t('admin.curriculum.lesson.upload')}
      />
    </form>
  );
};

/** SPEC §2.13 lesson form: name, content type and file; Cancel and Upload Lesson (Saving... while busy). */
export const LessonFormModal = ({ section, onClose, save }: LessonFormProps) => {
  const t = useT();
  return (
    <Modal open={section !== null} onClose={onClose} title={t('admin.curriculum.lesson.add')}>
      {section ? <LessonFormBody section={section} onClose={onClose} save={save} /> : null}
    </Modal>
  );
};
