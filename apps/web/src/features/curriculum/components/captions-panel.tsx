import {
  CAPTION_LANGUAGES_MAX,
  CAPTION_MAX_BYTES,
  canonicalLanguage,
  type LessonCaption,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { RowButton, SubmitButton } from '@/components/ui/button';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { FileInput } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatCount, intlLocale } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
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
/** A language's name in the reader's language (`pt-BR`: Brazilian Portuguese), the tag itself when it has none. */
const languageName = (tag: string): string => {
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'language', fallback: 'code' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
};
const languageOptions = () => [
  ...COMMON_LANGUAGES.map((tag) => ({
    value: tag,
    label: t('admin.curriculum.captions.languageOption', { name: languageName(tag), tag }),
  })),
  { value: OTHER, label: t('admin.curriculum.captions.otherLanguage') },
];
const MAX_MB = CAPTION_MAX_BYTES / 1024 / 1024;

type Values = { file: File | null; language: string; tag: string };

const fileProblem = (file: File | null): string | undefined => {
  if (!file) return t('admin.curriculum.captions.chooseFile');
  if (!/\.(vtt|srt)$/i.test(file.name)) return t('admin.curriculum.captions.wrongType');
  if (file.size > CAPTION_MAX_BYTES)
    return t('admin.curriculum.captions.tooLarge', { mb: formatCount(MAX_MB) });
  return undefined;
};

/**
 * A video lesson's captions (docs/decisions/042): the languages it has, each removable, and a form that
 * uploads a WebVTT or SRT file for a language (again for a language it has: the file is replaced).
 */
export const CaptionsPanel = ({ lessonId }: { lessonId: number }) => {
  const t = useT();
  const { list, upload, remove } = useCaptions(lessonId);
  const [removing, setRemoving] = useState<LessonCaption | null>(null);
  // A new file input after an upload: the chosen file is not shown as if still to send.
  const [fileInputKey, setFileInputKey] = useState(0);
  const form = useForm<Values>({
    initial: { file: null, language: 'en', tag: '' },
    validate: ({ file, language, tag }) => ({
      fields: {
        file: fileProblem(file),
        language: language === '' ? t('admin.curriculum.captions.chooseLanguage') : undefined,
        tag:
          language === OTHER && canonicalLanguage(tag) === undefined
            ? t('admin.curriculum.captions.typeTag')
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
    notify.success(t('admin.curriculum.captions.saved', { language: languageName(chosen) }));
    setFileInputKey((key) => key + 1);
    form.reset({ file: null, language, tag });
  });

  // A refusal of the language is told beside the control that chose it.
  const languageError = form.error('language');
  const failure = form.failureMessage(t('admin.curriculum.captions.saveFailed'));

  return (
    <section aria-labelledby={`captions-${lessonId}`} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={`captions-${lessonId}`} className="text-base font-semibold text-slate-900">
        {t('admin.curriculum.captions.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-500">
        {t('admin.curriculum.captions.intro', { max: formatCount(CAPTION_LANGUAGES_MAX) })}
      </p>

      {list.isPending ? (
        <div className="mt-3 flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-4" /> {t('admin.curriculum.captions.loading')}
        </div>
      ) : list.isError ? (
        <Alert className="mt-3">{errorMessage(list.error, t('admin.curriculum.captions.loadFailed'))}</Alert>
      ) : captions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('admin.curriculum.captions.none')}</p>
      ) : (
        <ul
          aria-label={t('admin.curriculum.captions.list')}
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
              <RowButton
                variant="ghost"
                label={t('admin.curriculum.captions.removeOf', { label: caption.label })}
                onClick={() => setRemoving(caption)}
              >
                {t('admin.curriculum.captions.remove')}
              </RowButton>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('admin.curriculum.captions.language')}
            name="language"
            options={languageOptions()}
            {...form.field('language')}
            error={other ? undefined : languageError}
          />
          {other ? (
            <TextField
              label={t('admin.curriculum.captions.tag')}
              name="language_tag"
              placeholder={t('admin.curriculum.captions.tagPlaceholder')}
              hint={t('admin.curriculum.captions.tagHint')}
              {...form.field('tag')}
              error={form.error('tag') ?? languageError}
            />
          ) : null}
        </div>
        <Field
          label={t('admin.curriculum.captions.file')}
          hint={t('admin.curriculum.captions.fileHint', { mb: formatCount(MAX_MB) })}
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
          <SubmitButton
            form={form}
            variant="secondary"
            loadingText={t('admin.curriculum.captions.uploading')}
          >
            {t('admin.curriculum.captions.upload')}
          </SubmitButton>
        </div>
      </form>

      <RemoveDialog
        item={removing}
        title={t('admin.curriculum.captions.removeTitle')}
        message={({ label }) => t('admin.curriculum.captions.removeMessage', { label })}
        confirmLabel={t('admin.curriculum.captions.removeConfirm')}
        busyLabel={t('admin.curriculum.captions.removing')}
        onClose={() => setRemoving(null)}
        remove={(track) => remove.mutateAsync(track.language)}
        done={({ label }) => t('admin.curriculum.captions.removed', { label })}
        failed={t('admin.curriculum.captions.removeFailed')}
      />
    </section>
  );
};
