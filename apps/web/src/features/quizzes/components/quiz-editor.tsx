import {
  COUNTER_SHORT,
  QUESTION_KINDS,
  type QuestionKind,
  SHOW_ANSWERS,
  type StaffQuiz,
} from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { PlusIcon } from '@/components/ui/icons';
import { Input, Select } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { quizKeys, saveQuiz } from '../api/quizzes';
import {
  blankQuestion,
  DURATION_UNITS,
  type Duration,
  type DurationUnit,
  draftOf,
  moved,
  QUESTION_KIND_LABEL,
  type QuizDraft,
  SHOW_ANSWERS_LABEL,
  saveBodyOf,
} from '../lib/quiz-draft';
import { QuestionEditor } from './question-editor';

type Values = QuizDraft & { title: string };

type QuizEditorProps = {
  lessonId: number;
  lessonTitle: string;
  /** The quiz as saved, or null when it never was. */
  quiz: StaffQuiz | null;
  /** Saves a new title of the lesson (lessons/createLessons). */
  saveTitle: (title: string) => Promise<unknown>;
};

/** A number and its unit (seconds to days), for the wait between attempts and the time limit. */
const DurationField = ({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint: string;
  value: Duration;
  onChange: (value: Duration) => void;
  error: string | undefined;
}) => {
  const t = useT();
  return (
    <Field label={label} hint={hint} {...(error ? { error } : {})}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            inputMode="numeric"
            value={value.amount}
            onChange={(event) => onChange({ ...value, amount: event.target.value })}
            className="min-w-0 flex-1"
          />
          <Select
            aria-label={t('admin.quizzes.unitOf', { label })}
            value={value.unit}
            onChange={(event) => onChange({ ...value, unit: event.target.value as DurationUnit })}
            className="w-32 shrink-0"
          >
            {DURATION_UNITS.map((unit) => (
              <option key={unit.value} value={unit.value}>
                {t(unit.label)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </Field>
  );
};

/**
 * The school's quiz editor (docs/decisions/033): the lesson's title, the quiz's settings and its bank
 * of questions, saved whole with quizzes/SaveQuiz. The server's 400s are shown at the fields they name
 * (a question's by the question, wherever it was moved since); nothing typed is lost when a save fails.
 */
export const QuizEditor = ({ lessonId, lessonTitle, quiz, saveTitle }: QuizEditorProps) => {
  const t = useT();
  const queryClient = useQueryClient();
  const [kindToAdd, setKindToAdd] = useState<QuestionKind>('single');
  // The server's word on each field of the last failed save, questions named by their key (not their
  // place), so that an error stays with its question when questions are moved or removed.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [savedTitle, setSavedTitle] = useState(lessonTitle);
  // Questions whose image is uploading: their key is not known yet, so the quiz is not saved meanwhile.
  const [uploading, setUploading] = useState<ReadonlySet<string>>(() => new Set());
  const form = useForm<Values>({ initial: () => ({ title: lessonTitle, ...draftOf(quiz) }) });
  const { values } = form;
  const set = <K extends keyof Values & string>(key: K, value: Values[K]) => {
    form.setValue(key, value);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const setQuestions = (questions: QuizDraft['questions']) => set('questions', questions);

  const onSubmit = form.handleSubmit(async (submitted) => {
    setErrors({});
    try {
      if (submitted.title.trim() === '') {
        throw new ApiError(t('admin.quizzes.titleRequired'), {
          status: 400,
          details: [{ field: 'title', message: t('admin.quizzes.isRequired') }],
        });
      }
      if (submitted.title.trim() !== savedTitle) {
        await saveTitle(submitted.title.trim());
        setSavedTitle(submitted.title.trim());
      }
      const saved = await saveQuiz(saveBodyOf(lessonId, submitted));
      queryClient.setQueryData(quizKeys.staff(lessonId), saved);
      void queryClient.invalidateQueries({ queryKey: quizKeys.student(lessonId) });
      notify.success(t('admin.quizzes.saved'));
    } catch (error) {
      if (error instanceof ApiError) {
        const found: Record<string, string> = {};
        for (const { field, message } of error.details) {
          const [head, index, ...rest] = field.split('.');
          const question =
            head === 'questions' && index !== undefined ? submitted.questions[Number(index)] : undefined;
          found[question ? `${question.key}.${rest.join('.')}` : field] = message;
        }
        setErrors(found);
      }
      throw error;
    }
  });

  const err = (key: string): string | undefined => errors[key];
  const problemCount = Object.keys(errors).length;
  const failure = form.failure
    ? problemCount > 0
      ? t('admin.quizzes.saveFailedFields', { count: problemCount })
      : t('admin.quizzes.saveFailedWhy', {
          reason: errorMessage(form.failure, t('admin.quizzes.tryAgainLater')),
        })
    : null;
  const bankSize = values.questions.length;
  // A question removed while its image uploaded holds nothing up.
  const isUploading = values.questions.some((q) => uploading.has(q.key));
  const setQuestionUploading = (key: string, busy: boolean) =>
    setUploading((keys) => {
      const next = new Set(keys);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <form
      onSubmit={(event) => {
        if (isUploading) event.preventDefault();
        else onSubmit(event);
      }}
      noValidate
      className="flex flex-col gap-6"
    >
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <CardTitle>{t('admin.quizzes.settings')}</CardTitle>
        <TextField
          label={t('admin.quizzes.lessonTitle')}
          required
          maxLength={COUNTER_SHORT}
          counterMax={COUNTER_SHORT}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          error={err('title') ?? err('Object.lesson_title')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('admin.quizzes.passPercent')}
            inputMode="numeric"
            value={values.passPercent}
            onChange={(event) => set('passPercent', event.target.value)}
            error={err('pass_percent')}
            hint={t('admin.quizzes.passPercentHint')}
          />
          <TextField
            label={t('admin.quizzes.attemptsAllowed')}
            inputMode="numeric"
            placeholder={t('admin.quizzes.unlimited')}
            value={values.attemptsAllowed}
            onChange={(event) => set('attemptsAllowed', event.target.value)}
            error={err('attempts_allowed')}
            hint={t('admin.quizzes.attemptsAllowedHint')}
          />
          <DurationField
            label={t('admin.quizzes.wait')}
            hint={t('admin.quizzes.waitHint')}
            value={values.wait}
            onChange={(wait) => set('wait', wait)}
            error={err('wait_seconds')}
          />
          <DurationField
            label={t('admin.quizzes.timeLimit')}
            hint={t('admin.quizzes.timeLimitHint')}
            value={values.timeLimit}
            onChange={(timeLimit) => set('timeLimit', timeLimit)}
            error={err('time_limit_seconds')}
          />
          <TextField
            label={t('admin.quizzes.drawCount')}
            inputMode="numeric"
            placeholder={t('admin.quizzes.drawCountAll', { count: formatCount(bankSize) })}
            value={values.drawCount}
            onChange={(event) => set('drawCount', event.target.value)}
            error={err('draw_count')}
            hint={t('admin.quizzes.drawCountHint')}
          />
          <SelectField
            label={t('admin.quizzes.showAnswers')}
            value={values.showAnswers}
            options={SHOW_ANSWERS.map((value) => ({ value, label: t(SHOW_ANSWERS_LABEL[value]) }))}
            onChange={(event) => set('showAnswers', event.target.value as QuizDraft['showAnswers'])}
            error={err('show_answers')}
          />
          <CheckboxField
            label={t('admin.quizzes.shuffleQuestions')}
            hint={t('admin.quizzes.shuffleQuestionsHint')}
            checked={values.shuffleQuestions}
            onChange={(checked) => set('shuffleQuestions', checked)}
          />
          <CheckboxField
            label={t('admin.quizzes.shuffleOptions')}
            hint={t('admin.quizzes.shuffleOptionsHint')}
            checked={values.shuffleOptions}
            onChange={(checked) => set('shuffleOptions', checked)}
          />
        </div>
      </Card>

      <section aria-labelledby="quiz-questions" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id="quiz-questions">{t('admin.quizzes.questions')}</CardTitle>
          <p className="text-sm text-slate-500">{t('admin.quizzes.questionCount', { count: bankSize })}</p>
        </div>
        {err('questions') ? (
          <Alert>{t('admin.quizzes.questionsError', { message: err('questions') })}</Alert>
        ) : null}
        <ol className="flex flex-col gap-4">
          {values.questions.map((question, index) => (
            <li key={question.key}>
              <QuestionEditor
                lessonId={lessonId}
                question={question}
                index={index}
                count={bankSize}
                onChange={(next) =>
                  setQuestions(values.questions.map((q) => (q.key === next.key ? next : q)))
                }
                onRemove={() => setQuestions(values.questions.filter((q) => q.key !== question.key))}
                onMove={(to) => setQuestions(moved(values.questions, index, to))}
                error={(path) => err(`${question.key}.${path}`)}
                onUploadingChange={(busy) => setQuestionUploading(question.key, busy)}
              />
            </li>
          ))}
        </ol>
        <div className="flex flex-col gap-2 rounded-2xl border border-dashed border-slate-300 p-4 sm:flex-row sm:items-end">
          <SelectField
            label={t('admin.quizzes.newQuestion')}
            className="sm:w-60"
            value={kindToAdd}
            options={QUESTION_KINDS.map((kind) => ({ value: kind, label: t(QUESTION_KIND_LABEL[kind]) }))}
            onChange={(event) => setKindToAdd(event.target.value as QuestionKind)}
          />
          <Button
            variant="outline"
            leftIcon={<PlusIcon className="size-4" />}
            onClick={() => setQuestions([...values.questions, blankQuestion(kindToAdd)])}
          >
            {t('admin.quizzes.addQuestion')}
          </Button>
        </div>
      </section>

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-3 border-t border-slate-200 bg-white/95 px-1 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-end">
        {failure ? (
          <p role="alert" className="text-sm font-medium text-rose-700 sm:me-auto">
            {failure}
          </p>
        ) : null}
        <Button
          type="submit"
          isLoading={form.isSubmitting || isUploading}
          loadingText={t(isUploading ? 'admin.quizzes.uploadingImage' : 'admin.quizzes.saving')}
        >
          {t('admin.quizzes.saveQuiz')}
        </Button>
      </div>
    </form>
  );
};
