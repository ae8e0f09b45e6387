import {
  CAPTION_LANGUAGES_MAX,
  CAPTION_MAX_BYTES,
  canonicalLanguage,
  type LessonCaption,
  languageName,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { FileInput } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatBytes } from '@/lib/format';
import { notify, notifyFailure } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useCaptions } from '../api/captions';

/** The languages offered first; any other is typed as its tag. */
const COMMON_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'pt-BR',
  'nl',
  'pl',
  'sv',
  'ru',
  'uk',
  'tr',
  'ar',
  'he',
  'hi',
  'bn',
  'id',
  'vi',
  'th',
  'zh-Hans',
  'zh-Hant',
  'ja',
  'ko',
];
const OTHER = 'other';
const LANGUAGE_OPTIONS = [
  ...COMMON_LANGUAGES.map((tag) => ({ value: tag, label: `${languageName(tag)} (${tag})` })),
  { value: OTHER, label: 'Another language…' },
];
const MAX_MB = CAPTION_MAX_BYTES / 1024 / 1024;

type Values = { file: File | null; language: string; tag: string };

const fileProblem = (file: File | null): string | undefined => {
  if (!file) return 'Choose a .vtt or .srt file.';
  if (!/\.(vtt|srt)$/i.test(file.name)) return 'Choose a WebVTT (.vtt) or SRT (.srt) file.';
  if (file.size > CAPTION_MAX_BYTES) return `The file is too large: at most ${MAX_MB} MB.`;
  return undefined;
};

/**
 * A video lesson's captions (docs/decisions/042): the languages it has, each removable, and a form that
 * uploads a WebVTT or SRT file for a language (again for a language it has: the file is replaced).
 */
export const CaptionsPanel = ({ lessonId }: { lessonId: number }) => {
  const { list, upload, remove } = useCaptions(lessonId);
  const [removing, setRemoving] = useState<LessonCaption | null>(null);
  // A new file input after an upload: the chosen file is not shown as if still to send.
  const [fileInputKey, setFileInputKey] = useState(0);
  const form = useForm<Values>({
    initial: { file: null, language: 'en', tag: '' },
    validate: ({ file, language, tag }) => ({
      fields: {
        file: fileProblem(file),
        language: language === '' ? 'Choose a language.' : undefined,
        tag:
          language === OTHER && canonicalLanguage(tag) === undefined
            ? 'Type a language tag such as en, fr or pt-BR.'
            : undefined,
      },
    }),
    serverFields: { file: 'file', language: 'language' },
  });
  const other = form.values.language === OTHER;
  const captions = list.data ?? [];

  const onSubmit = form.handleSubmit(async ({ file, language, tag }) => {
    if (!file) return;
    const chosen = language === OTHER ? (canonicalLanguage(tag) ?? tag) : language;
    await upload.mutateAsync({ language: chosen, file });
    notify.success(`${languageName(chosen)} captions saved.`);
    setFileInputKey((key) => key + 1);
    form.reset({ file: null, language, tag });
  });

  // A refusal of the language is told beside the control that chose it.
  const languageError = form.error('language');
  const failure = form.failureMessage('The captions could not be saved.');

  return (
    <section aria-labelledby={`captions-${lessonId}`} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={`captions-${lessonId}`} className="text-base font-semibold text-slate-900">
        Captions
      </h3>
      <p className="mt-1 text-sm text-slate-500">
        WebVTT or SRT files, one per language (up to {CAPTION_LANGUAGES_MAX}). SRT is converted to WebVTT.
      </p>

      {list.isPending ? (
        <div className="mt-3 flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> Loading captions…
        </div>
      ) : list.isError ? (
        <Alert className="mt-3">{errorMessage(list.error, 'The captions could not be loaded.')}</Alert>
      ) : captions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No captions yet.</p>
      ) : (
        <ul
          aria-label="Captions of this lesson"
          className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200"
        >
          {captions.map((caption) => (
            <li key={caption.language} className="flex items-center justify-between gap-3 px-3.5 py-2.5">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-800">{caption.label}</p>
                <p className="text-xs text-slate-500">
                  {caption.language} · {formatBytes(caption.size_bytes)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${caption.label} captions`}
                onClick={() => setRemoving(caption)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Language"
            name="language"
            options={LANGUAGE_OPTIONS}
            {...form.field('language')}
            error={other ? undefined : languageError}
          />
          {other ? (
            <TextField
              label="Language tag"
              name="language_tag"
              placeholder="e.g. ca, sw, pt-PT"
              hint="A BCP 47 tag"
              {...form.field('tag')}
              error={form.error('tag') ?? languageError}
            />
          ) : null}
        </div>
        <Field
          label="Captions file"
          hint={`A .vtt or .srt file, up to ${MAX_MB} MB. Uploading a language again replaces its file.`}
          error={form.error('file')}
        >
          {(control) => (
            <FileInput
              {...control}
              key={fileInputKey}
              name="file"
              accept=".vtt,.srt,text/vtt"
              onChange={(event) => form.setValue('file', event.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" isLoading={form.isSubmitting} loadingText="Uploading...">
            Upload captions
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={removing !== null}
        title="Remove captions"
        message={`The ${removing?.label ?? ''} captions of this lesson will be deleted.`}
        confirmLabel="Yes, Remove"
        busyLabel="Removing..."
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync(removing.language);
            notify.success(`${removing.label} captions removed.`);
          } catch (error) {
            notifyFailure(error, 'The captions could not be removed.');
            throw error;
          }
        }}
      />
    </section>
  );
};
