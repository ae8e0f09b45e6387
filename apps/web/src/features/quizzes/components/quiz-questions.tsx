import { type AnswerInput, type AttemptQuestion, QUIZ_LIMITS } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { Input, Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { QuestionImage } from './question-image';

/** A student's answers by question id, as SubmitAttempt and CheckPreviewQuiz take them. */
export type QuizAnswers = Record<number, { option_Ids?: number[]; text?: string }>;

export const isAnswered = (question: AttemptQuestion, answers: QuizAnswers): boolean => {
  const answer = answers[question.question_Id];
  return question.options.length > 0
    ? (answer?.option_Ids?.length ?? 0) > 0
    : (answer?.text ?? '').trim() !== '';
};

/** The answers in the shape the calls take: a choice's options, a written answer's text. */
export const answerList = (questions: AttemptQuestion[], answers: QuizAnswers): AnswerInput[] =>
  questions.flatMap((q): AnswerInput[] => {
    const answer = answers[q.question_Id];
    if (!answer) return [];
    return q.options.length > 0
      ? [{ question_Id: q.question_Id, option_Ids: answer.option_Ids ?? [] }]
      : [{ question_Id: q.question_Id, text: answer.text ?? '' }];
  });

/**
 * A question's heading: its number, its text and its points, with `aside` (what it earned) beside them,
 * then its image when it has one (docs/decisions/035). Everything a question shows before its answers
 * belongs here, in one place: the player, the result and a visitor's preview share it.
 */
export const QuestionHeader = ({
  question,
  number,
  id,
  aside,
}: {
  question: AttemptQuestion;
  number: number;
  id: string;
  aside?: ReactNode;
}) => {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {t('site.quizzes.questionNumber', { number })}
        </p>
        <p className="text-xs text-slate-600">
          {aside ?? t('site.quizzes.points', { points: question.points })}
        </p>
      </div>
      <h3 id={id} className="font-medium break-words whitespace-pre-wrap text-slate-900">
        {question.text}
      </h3>
      <QuestionImage src={question.image_url} questionText={question.text} className="mt-2" />
    </div>
  );
};

type QuizQuestionsProps = {
  questions: AttemptQuestion[];
  answers: QuizAnswers;
  onChange: (answers: QuizAnswers) => void;
  disabled?: boolean;
  /** Tells apart the inputs of two players in one page. */
  idPrefix: string;
};

/**
 * The questions of an attempt (or a preview) with the input each kind takes: one option (single choice,
 * true/false), any options (multiple choice), a line (short answer) or a text (open answer).
 */
export const QuizQuestions = ({ questions, answers, onChange, disabled, idPrefix }: QuizQuestionsProps) => {
  const t = useT();
  const set = (questionId: number, answer: QuizAnswers[number]) =>
    onChange({ ...answers, [questionId]: answer });
  return (
    <ol className="flex flex-col gap-4">
      {questions.map((question, index) => {
        const headingId = `${idPrefix}-q${question.question_Id}`;
        const chosen = answers[question.question_Id]?.option_Ids ?? [];
        const multiple = question.kind === 'multiple';
        return (
          <li key={question.question_Id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <fieldset aria-labelledby={headingId} className="flex flex-col gap-3" disabled={disabled}>
              <QuestionHeader question={question} number={index + 1} id={headingId} />
              {question.options.length > 0 ? (
                <div className="flex flex-col gap-2">
                  {multiple ? (
                    <p className="text-xs text-slate-600">{t('site.quizzes.chooseEvery')}</p>
                  ) : null}
                  {question.options.map((option) => {
                    const checked = chosen.includes(option.option_Id);
                    return (
                      <label
                        key={option.option_Id}
                        className={cn(
                          'flex cursor-pointer items-start gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors',
                          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                          checked
                            ? 'border-brand-500 bg-brand-50'
                            : 'border-slate-200 hover:border-slate-300',
                        )}
                      >
                        <input
                          type={multiple ? 'checkbox' : 'radio'}
                          name={headingId}
                          checked={checked}
                          onChange={(event) =>
                            set(question.question_Id, {
                              option_Ids: multiple
                                ? event.target.checked
                                  ? [...chosen, option.option_Id]
                                  : chosen.filter((id) => id !== option.option_Id)
                                : [option.option_Id],
                            })
                          }
                          className="mt-0.5 size-4 shrink-0 accent-brand-600"
                        />
                        <span className="min-w-0 break-words text-slate-800">{option.text}</span>
                      </label>
                    );
                  })}
                </div>
              ) : question.kind === 'short' ? (
                <Input
                  aria-labelledby={headingId}
                  value={answers[question.question_Id]?.text ?? ''}
                  maxLength={QUIZ_LIMITS.answerText}
                  onChange={(event) => set(question.question_Id, { text: event.target.value })}
                  placeholder={t('site.quizzes.answerPlaceholder')}
                />
              ) : (
                <Textarea
                  aria-labelledby={headingId}
                  value={answers[question.question_Id]?.text ?? ''}
                  maxLength={QUIZ_LIMITS.answerText}
                  onChange={(event) => set(question.question_Id, { text: event.target.value })}
                  placeholder={t('site.quizzes.answerPlaceholder')}
                  rows={4}
                />
              )}
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
};
