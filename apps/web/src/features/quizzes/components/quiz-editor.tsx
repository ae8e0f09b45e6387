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
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { PlusIcon } from '@/components/ui/icons';
import { Input, Select } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
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

const SAVE_FAILED = 'The quiz could not be saved.';

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
}) => (
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
          aria-label={`${label}: unit`}
          value={value.unit}
          onChange={(event) => onChange({ ...value, unit: event.target.value as DurationUnit })}
          className="w-32 shrink-0"
        >
          {DURATION_UNITS.map((unit) => (
            <option key={unit.value} value={unit.value}>
              {unit.label}
            </option>
          ))}
        </Select>
      </div>
    )}
  </Field>
);

/**
 * The school's quiz editor (docs/decisions/033): the lesson's title, the quiz's settings and its bank
 * of questions, saved whole with quizzes/SaveQuiz. The server's 400s are shown at the fields they name
 * (a question's by the question, wherever it was moved since); nothing typed is lost when a save fails.
 */
export const QuizEditor = ({ lessonId, lessonTitle, quiz, saveTitle }: QuizEditorProps) => {
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
        throw new ApiError('The lesson title is required.', {
          status: 400,
          details: [{ field: 'title', message: 'is required' }],
        });
      }
      if (submitted.title.trim() !== savedTitle) {
        await saveTitle(submitted.title.trim());
        setSavedTitle(submitted.title.trim());
      }
      const saved = await saveQuiz(saveBodyOf(lessonId, submitted));
      queryClient.setQueryData(quizKeys.staff(lessonId), saved);
      void queryClient.invalidateQueries({ queryKey: quizKeys.student(lessonId) });
      notify.success('Quiz saved');
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
      ? `${SAVE_FAILED} ${problemCount === 1 ? 'One field needs' : `${problemCount} fields need`} a change: see below.`
      : `${SAVE_FAILED} ${errorMessage(form.failure, 'Please try again.')}`
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
        <h2 className="text-lg font-semibold text-slate-900">Settings</h2>
        <TextField
          label="Lesson Title"
          required
          maxLength={COUNTER_SHORT}
          counterMax={COUNTER_SHORT}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          error={err('title') ?? err('Object.lesson_title')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Pass mark (%)"
            inputMode="numeric"
            value={values.passPercent}
            onChange={(event) => set('passPercent', event.target.value)}
            error={err('pass_percent')}
            hint="The share of the points an attempt needs to pass."
          />
          <TextField
            label="Attempts allowed"
            inputMode="numeric"
            placeholder="Unlimited"
            value={values.attemptsAllowed}
            onChange={(event) => set('attemptsAllowed', event.target.value)}
            error={err('attempts_allowed')}
            hint="Leave empty for unlimited attempts."
          />
          <DurationField
            label="Wait between attempts"
            hint="Leave empty to let students try again at once."
            value={values.wait}
            onChange={(wait) => set('wait', wait)}
            error={err('wait_seconds')}
          />
          <DurationField
            label="Time limit"
            hint="Leave empty for no time limit."
            value={values.timeLimit}
            onChange={(timeLimit) => set('timeLimit', timeLimit)}
            error={err('time_limit_seconds')}
          />
          <TextField
            label="Questions per attempt"
            inputMode="numeric"
            placeholder={`All (${bankSize})`}
            value={values.drawCount}
            onChange={(event) => set('drawCount', event.target.value)}
            error={err('draw_count')}
            hint="Drawn at random from the questions below; leave empty for all."
          />
          <SelectField
            label="Show correct answers"
            value={values.showAnswers}
            options={SHOW_ANSWERS.map((value) => ({ value, label: SHOW_ANSWERS_LABEL[value] }))}
            onChange={(event) => set('showAnswers', event.target.value as QuizDraft['showAnswers'])}
            error={err('show_answers')}
          />
          <CheckboxField
            label="Shuffle questions"
            hint="Each attempt shows the questions in its own order."
            checked={values.shuffleQuestions}
            onChange={(checked) => set('shuffleQuestions', checked)}
          />
          <CheckboxField
            label="Shuffle options"
            hint="Each attempt shows a choice question's options in its own order."
            checked={values.shuffleOptions}
            onChange={(checked) => set('shuffleOptions', checked)}
          />
        </div>
      </Card>

      <section aria-labelledby="quiz-questions" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="quiz-questions" className="text-lg font-semibold text-slate-900">
            Questions
          </h2>
          <p className="text-sm text-slate-500">
            {bankSize} {bankSize === 1 ? 'question' : 'questions'}
          </p>
        </div>
        {err('questions') ? <Alert>{`Questions ${err('questions')}`}</Alert> : null}
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
            label="New question"
            className="sm:w-60"
            value={kindToAdd}
            options={QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABEL[kind] }))}
            onChange={(event) => setKindToAdd(event.target.value as QuestionKind)}
          />
          <Button
            variant="outline"
            leftIcon={<PlusIcon className="size-4" />}
            onClick={() => setQuestions([...values.questions, blankQuestion(kindToAdd)])}
          >
            Add question
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
          loadingText={isUploading ? 'Uploading image...' : 'Saving...'}
        >
          Save quiz
        </Button>
      </div>
    </form>
  );
};
