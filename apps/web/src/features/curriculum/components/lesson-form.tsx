import { CONTENT_TYPES, COUNTER_SHORT, MSG, type Section } from '@skillwise/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { FileInput } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { AUTHORING_MSG } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { notify } from '@/lib/toast';
import type { LessonInput } from '../api/curriculum';
import { ACCEPT_BY_TYPE, isContentType, newLessonFileProblem, validateNewLesson } from '../lib/lesson-rules';

const CONTENT_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: type }));

type LessonFormProps = {
  section: Section | null;
  onClose: () => void;
  save: (input: LessonInput) => Promise<unknown>;
};

const LessonFormBody = ({ section, onClose, save }: LessonFormProps & { section: Section }) => {
  const [title, setTitle] = useState('');
  const [contentType, setContentType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNewLesson({ title, contentType, sectionId: section.section_Id, file });
    setProblem(found);
    if (found || !isContentType(contentType)) return;
    setSaving(true);
    try {
      await save({ lessonId: 0, title: title.trim(), contentType, sectionId: section.section_Id, file });
      notify.success(AUTHORING_MSG.lessonUploaded);
      onClose();
    } catch (error) {
      // SPEC §8 'Error saving the lesson.', with the server's reason (a wrong or too large file) after it.
      const reason = errorMessage(error, '');
      setProblem(reason ? `${AUTHORING_MSG.lessonSaveFailed} ${reason}` : AUTHORING_MSG.lessonSaveFailed);
      notify.error(AUTHORING_MSG.lessonSaveFailed);
    } finally {
      setSaving(false);
    }
  };

  const isMissing = (value: string) =>
    (problem === MSG.allFieldsRequired && value.trim() === '') || undefined;

  const onFileChosen = (chosen: File | null) => {
    setFile(chosen);
    // The size rule is said as soon as the file is chosen, not only on Upload.
    setProblem(newLessonFileProblem(chosen));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      <p className="-mt-2 text-sm text-slate-500">
        In section <span className="font-medium text-slate-700">{section.section_name}</span>
      </p>
      <TextField
        label="Lesson Name"
        name="lesson_title"
        required
        counterMax={COUNTER_SHORT}
        maxLength={COUNTER_SHORT}
        placeholder="e.g. Welcome and overview"
        aria-invalid={isMissing(title)}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <SelectField
        label="Content Type"
        name="contentType"
        required
        placeholder="Select Content Type"
        options={CONTENT_OPTIONS}
        aria-invalid={isMissing(contentType)}
        value={contentType}
        onChange={(event) => setContentType(event.target.value)}
      />
      <Field label="File" hint="Up to 100 MB. Its content must match the content type.">
        {(control) => (
          <div className="flex flex-col gap-1.5">
            <FileInput
              {...control}
              name="fileName"
              accept={isContentType(contentType) ? ACCEPT_BY_TYPE[contentType] : undefined}
              onChange={(event) => onFileChosen(event.target.files?.[0] ?? null)}
            />
            {file ? (
              <p className="text-xs text-slate-500">
                {file.name} · {formatBytes(file.size)}
              </p>
            ) : null}
          </div>
        )}
      </Field>
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSaving} loadingText="Saving...">
          Upload Lesson
        </Button>
      </div>
    </form>
  );
};

/** SPEC §2.13 lesson form: name, content type and file; Cancel and Upload Lesson (Saving... while busy). */
export const LessonFormModal = ({ section, onClose, save }: LessonFormProps) => (
  <Modal open={section !== null} onClose={onClose} title="Add Lesson">
    {section ? <LessonFormBody section={section} onClose={onClose} save={save} /> : null}
  </Modal>
);
