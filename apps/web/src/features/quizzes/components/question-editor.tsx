import { QUESTION_KINDS, QUIZ_LIMITS, type QuestionKind } from '@skillwise/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { ChevronDownIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { T, useT } from '@/lib/i18n/use-t';
import {
  newKey,
  type OptionDraft,
  QUESTION_KIND_LABEL,
  type QuestionDraft,
  withKind,
} from '../lib/quiz-draft';
import { QuestionImageField } from './question-image-field';

type QuestionEditorProps = {
  /** The quiz lesson, which a question's image is uploaded for. */
  lessonId: number;
  question: QuestionDraft;
  /** Its place in the bank, from 0. */
  index: number;
  count: number;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
  /** The server's word on a field of this question (`text`, `options.1.text`), if it had one. */
  error: (path: string) => string | undefined;
  /** Told while the question's image uploads, so the editor holds its Save until the key is known. */
  onUploadingChange: (uploading: boolean) => void;
};

/** A small button showing an icon only, named for assistive technology. */
const IconButton = ({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) => (
  <button
    type="button"
    aria-label={label}
    title={label}
    onClick={onClick}
    disabled={disabled}
    className="flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40"
  >
    {children}
  </button>
);

/**
 * What the question shows before its answers: its text and points, and its image (docs/decisions/035).
 */
const QuestionTextFields = ({
  lessonId,
  question,
  number,
  onChange,
  error,
  onUploadingChange,
}: {
  lessonId: number;
  question: QuestionDraft;
  number: number;
  onChange: (question: QuestionDraft) => void;
  error: (path: string) => string | undefined;
  onUploadingChange: (uploading: boolean) => void;
}) => {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_7rem]">
      <TextAreaField
        label={t('admin.quizzes.questionText', { number })}
        required
        rows={2}
        maxLength={QUIZ_LIMITS.questionText}
        value={question.text}
        onChange={(text) => onChange({ ...question, text })}
        error={error('text')}
      />
      <TextField
        label={t('admin.quizzes.points')}
        inputMode="numeric"
        value={question.points}
        onChange={(event) => onChange({ ...question, points: event.target.value })}
        error={error('points')}
        aria-invalid={error('points') ? true : undefined}
      />
      <div className="sm:col-span-2">
        <QuestionImageField
          lessonId={lessonId}
          label={t('admin.quizzes.questionImage', { number })}
          value={question.image}
          onChange={(image) => onChange({ ...question, image })}
          error={error('image_key')}
          onUploadingChange={onUploadingChange}
        />
      </div>
    </div>
  );
};

/** One option of a choice question: the correct mark, its text, its explanation, and Remove. */
const OptionRow = ({
  option,
  at,
  question,
  group,
  onChange,
  onRemove,
  error,
}: {
  option: OptionDraft;
  at: number;
  question: QuestionDraft;
  group: string;
  onChange: (option: OptionDraft) => void;
  onRemove: (() => void) | null;
  error: (path: string) => string | undefined;
}) => {
  const t = useT();
  const id = useId();
  const isTrueFalse = question.kind === 'true_false';
  const textError = error(`options.${at}.text`);
  const label = isTrueFalse ? option.text : t('admin.quizzes.optionNumber', { number: at + 1 });
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
      {/* On a phone the option's text has the whole line, its correct mark below; wider, the mark leads. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <label className="order-3 col-span-2 flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700 sm:order-1 sm:col-span-1">
          <input
            type={question.kind === 'multiple' ? 'checkbox' : 'radio'}
            name={group}
            checked={option.correct}
            onChange={(event) => onChange({ ...option, correct: event.target.checked })}
            className="size-4 accent-brand-600"
            aria-label={t('admin.quizzes.isCorrect', { option: label })}
          />
          <span aria-hidden="true">{t('admin.quizzes.correct')}</span>
        </label>
        {isTrueFalse ? (
          <span className="order-1 min-w-0 px-1 text-sm font-semibold text-slate-800 sm:order-2">
            {option.text}
          </span>
        ) : (
          <Input
            id={`${id}-text`}
            aria-label={t('admin.quizzes.optionText', { number: at + 1 })}
            placeholder={t('admin.quizzes.optionNumber', { number: at + 1 })}
            maxLength={QUIZ_LIMITS.optionText}
            value={option.text}
            onChange={(event) => onChange({ ...option, text: event.target.value })}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? `${id}-error` : undefined}
            className="order-1 min-w-0 sm:order-2"
          />
        )}
        <span className="order-2 sm:order-3">
          {onRemove ? (
            <IconButton label={t('admin.quizzes.removeOption', { number: at + 1 })} onClick={onRemove}>
              <TrashIcon className="size-4" />
            </IconButton>
          ) : null}
        </span>
      </div>
      {textError ? <FieldError id={`${id}-error`}>{textError}</FieldError> : null}
      <Input
        aria-label={
          isTrueFalse
            ? t('admin.quizzes.explanationFor', { option: option.text })
            : t('admin.quizzes.explanationForOption', { number: at + 1 })
        }
        placeholder={t('admin.quizzes.explanationPlaceholder')}
        maxLength={QUIZ_LIMITS.explanation}
        value={option.explanation}
        onChange={(event) => onChange({ ...option, explanation: event.target.value })}
        className="h-10 text-sm"
      />
    </li>
  );
};

/**
 * One question of the bank in the quiz editor: its kind, text and points, its options with the correct
 * ones marked (or a short answer's accepted answers), an explanation, and moving and removing it.
 */
export const QuestionEditor = ({
  lessonId,
  question,
  index,
  count,
  onChange,
  onRemove,
  onMove,
  error,
  onUploadingChange,
}: QuestionEditorProps) => {
  const t = useT();
  const group = useId();
  const number = index + 1;
  const isChoice = question.kind === 'single' || question.kind === 'multiple';
  const setOption = (at: number, next: OptionDraft) =>
    onChange({
      ...question,
      options: question.options.map((o, i) => {
        if (i === at) return next;
        // One correct option for a single choice or true/false: marking one unmarks the others.
        return next.correct && question.kind !== 'multiple' ? { ...o, correct: false } : o;
      }),
    });
  const optionsError = error('options');
  const acceptedError = error('accepted_answers');

  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="sr-only">{t('admin.quizzes.questionNumber', { number })}</legend>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={t('admin.quizzes.questionKind', { number })}
          className="min-w-44 flex-1 sm:max-w-60"
          value={question.kind}
          options={QUESTION_KINDS.map((kind) => ({ value: kind, label: t(QUESTION_KIND_LABEL[kind]) }))}
          onChange={(event) => onChange(withKind(question, event.target.value as QuestionKind))}
        />
        <div className="flex items-center gap-1">
          <IconButton
            label={t('admin.quizzes.moveUp', { number })}
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
          >
            <ChevronDownIcon className="size-4 rotate-180" />
          </IconButton>
          <IconButton
            label={t('admin.quizzes.moveDown', { number })}
            onClick={() => onMove(index + 1)}
            disabled={index === count - 1}
          >
            <ChevronDownIcon className="size-4" />
          </IconButton>
          <IconButton
            label={t('admin.quizzes.removeQuestion', { number })}
            onClick={onRemove}
            disabled={count === 1}
          >
            <TrashIcon className="size-4" />
          </IconButton>
        </div>
      </div>

      <QuestionTextFields
        lessonId={lessonId}
        question={question}
        number={number}
        onChange={onChange}
        error={error}
        onUploadingChange={onUploadingChange}
      />

      {question.options.length > 0 || isChoice ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-700">
            {t(
              question.kind === 'multiple'
                ? 'admin.quizzes.optionsMultiple'
                : question.kind === 'true_false'
                  ? 'admin.quizzes.optionsTrueFalse'
                  : 'admin.quizzes.optionsSingle',
            )}
          </p>
          <ul className="flex flex-col gap-2">
            {question.options.map((option, at) => (
              <OptionRow
                key={option.key}
                option={option}
                at={at}
                question={question}
                group={group}
                onChange={(next) => setOption(at, next)}
                onRemove={
                  isChoice && question.options.length > 2
                    ? () => onChange({ ...question, options: question.options.filter((_, i) => i !== at) })
                    : null
                }
                error={error}
              />
            ))}
          </ul>
          {optionsError ? <FieldError>{optionsError}</FieldError> : null}
          {isChoice && question.options.length < QUIZ_LIMITS.options ? (
            <Button
              variant="ghost"
              size="sm"
              className="self-start"
              leftIcon={<PlusIcon className="size-4" />}
              onClick={() =>
                onChange({
                  ...question,
                  options: [
                    ...question.options,
                    { key: newKey(), text: '', correct: false, explanation: '' },
                  ],
                })
              }
            >
              {t('admin.quizzes.addOption')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {question.kind === 'short' ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-700">
            <T
              id="admin.quizzes.acceptedAnswers"
              components={{ 0: <span className="font-normal text-slate-500" /> }}
            />
          </p>
          <ul className="flex flex-col gap-2">
            {question.acceptedAnswers.map((answer, at) => {
              const answerError = error(`accepted_answers.${at}`);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: accepted answers are plain texts, edited in place
                <li key={at} className="flex flex-col gap-1">
                  <div className="flex items-center gap-2">
                    <Input
                      aria-label={t('admin.quizzes.acceptedAnswer', { number: at + 1 })}
                      value={answer}
                      maxLength={QUIZ_LIMITS.optionText}
                      onChange={(event) =>
                        onChange({
                          ...question,
                          acceptedAnswers: question.acceptedAnswers.map((a, i) =>
                            i === at ? event.target.value : a,
                          ),
                        })
                      }
                      aria-invalid={answerError ? true : undefined}
                      className="min-w-0 flex-1"
                    />
                    <IconButton
                      label={t('admin.quizzes.removeAcceptedAnswer', { number: at + 1 })}
                      onClick={() =>
                        onChange({
                          ...question,
                          acceptedAnswers: question.acceptedAnswers.filter((_, i) => i !== at),
                        })
                      }
                      disabled={question.acceptedAnswers.length === 1}
                    >
                      <TrashIcon className="size-4" />
                    </IconButton>
                  </div>
                  {answerError ? <FieldError>{answerError}</FieldError> : null}
                </li>
              );
            })}
          </ul>
          {acceptedError ? <FieldError>{acceptedError}</FieldError> : null}
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            leftIcon={<PlusIcon className="size-4" />}
            onClick={() => onChange({ ...question, acceptedAnswers: [...question.acceptedAnswers, ''] })}
          >
            {t('admin.quizzes.addAcceptedAnswer')}
          </Button>
        </div>
      ) : null}

      {question.kind === 'open' ? (
        <p className={cn('rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600')}>
          {t('admin.quizzes.openNote')}
        </p>
      ) : null}

      <TextAreaField
        label={t('admin.quizzes.questionExplanation', { number })}
        labelNote={t('admin.quizzes.questionExplanationNote')}
        rows={2}
        maxLength={QUIZ_LIMITS.explanation}
        value={question.explanation}
        onChange={(explanation) => onChange({ ...question, explanation })}
        error={error('explanation')}
      />
    </fieldset>
  );
};
