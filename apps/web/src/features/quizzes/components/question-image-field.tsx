import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FileInput } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useObjectUrl } from '@/lib/use-object-url';
import { type QuestionImage, uploadQuestionImage } from '../api/question-images';

/** A question's image as the quiz editor keeps it: the key SaveQuiz takes, and a URL to show it. */
export type QuestionImageValue = { image_key: string; image_url: string | null };

export type QuestionImageFieldProps = {
  /** The quiz lesson the image is uploaded for. */
  lessonId: number;
  /** The question's image now (from GetQuiz, or an earlier upload), or null for none. */
  value: QuestionImageValue | null;
  /** A new image was uploaded (its key goes into the question's `image_key` on save), or it was removed (null). */
  onChange: (value: QuestionImageValue | null) => void;
  /** Defaults to 'Image'. */
  label?: string;
  /** The server's message for this question's `image_key` (a SaveQuiz 400), shown under the field. */
  error?: string | undefined;
  disabled?: boolean;
  /** Told while an upload runs, so the editor can hold its Save until the key is known. */
  onUploadingChange?: (uploading: boolean) => void;
};

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * A quiz question's optional image in the quiz editor (docs/decisions/035): choosing a picture uploads
 * it at once (quizzes/UploadQuestionImage) and shows it; Remove takes it off the question. The server's
 * refusal (not a picture, too large, storage full) is shown under the field and the image the question
 * had stays. Only the key travels with the quiz when it is saved.
 */
export const QuestionImageField = ({
  lessonId,
  value,
  onChange,
  label,
  error,
  disabled = false,
  onUploadingChange,
}: QuestionImageFieldProps) => {
  const t = useT();
  const [inputKey, setInputKey] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The file just uploaded, shown from memory rather than fetched back.
  const [picked, setPicked] = useState<{ file: File; key: string } | null>(null);
  const latest = useRef(0);
  // An upload that ends after the field is gone changes nothing.
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );
  const statusId = useId();
  const local = useObjectUrl(picked && picked.key === value?.image_key ? picked.file : null);
  const preview = local ?? value?.image_url ?? null;

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  const upload = async (file: File) => {
    const attempt = ++latest.current;
    setFailure(null);
    setBusy(true);
    try {
      const image: QuestionImage = await uploadQuestionImage(lessonId, file);
      // A later choice replaced this one while it travelled: only the last counts.
      if (attempt !== latest.current) return;
      setPicked({ file, key: image.image_key });
      onChange({ image_key: image.image_key, image_url: image.image_url });
    } catch (cause) {
      if (attempt === latest.current) setFailure(errorMessage(cause, t('admin.quizzes.uploadFailed')));
    } finally {
      if (attempt === latest.current) {
        setBusy(false);
        setInputKey((key) => key + 1);
      }
    }
  };

  const remove = () => {
    latest.current += 1;
    setBusy(false);
    setFailure(null);
    setPicked(null);
    setInputKey((key) => key + 1);
    onChange(null);
  };

  const shownError = failure ?? error;
  return (
    <Field
      label={label ?? t('admin.quizzes.image')}
      labelNote={t('admin.quizzes.optional')}
      hint={t('admin.quizzes.imageHint')}
      {...(shownError ? { error: shownError } : {})}
    >
      {(control) => (
        <div className="flex flex-col gap-3">
          {preview ? (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <img
                src={preview}
                alt={t(value ? 'admin.quizzes.savedImageAlt' : 'admin.quizzes.chosenImageAlt')}
                className="h-32 w-full max-w-60 shrink-0 rounded-xl border border-slate-200 bg-slate-50 object-contain"
              />
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={remove} disabled={disabled}>
                  {t('admin.quizzes.removeImage')}
                </Button>
              </div>
            </div>
          ) : null}
          <FileInput
            key={inputKey}
            {...control}
            aria-describedby={
              [control['aria-describedby'], uploading ? statusId : undefined].filter(Boolean).join(' ') ||
              undefined
            }
            accept={ACCEPT}
            disabled={disabled || uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {uploading ? (
            <p id={statusId} role="status" className="text-xs font-medium text-slate-600">
              {t('admin.quizzes.uploading')}
            </p>
          ) : null}
        </div>
      )}
    </Field>
  );
};
