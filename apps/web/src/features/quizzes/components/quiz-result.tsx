import type { AttemptQuestion, AttemptStatus } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { CheckCircleIcon, CloseIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { numberFormat } from '@/lib/format';
import type { MessageId } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { QuestionHeader } from './quiz-questions';

/** What a graded attempt (or a checked preview) says: the score, the pass and each question. */
export type QuizOutcome = {
  status: AttemptStatus;
  score: number | null;
  max_score: number;
  passed: boolean | null;
  answers_shown: boolean;
  questions: AttemptQuestion[];
};

type Verdict = 'right' | 'partly' | 'wrong' | 'waiting' | 'unknown';

/** What the server says a question earned: nothing when answers are not shown. */
const verdictOf = (question: AttemptQuestion): Verdict => {
  const awarded = question.points_awarded;
  if (awarded === undefined) return 'unknown';
  if (awarded === null) return 'waiting';
  if (awarded >= question.points) return 'right';
  return awarded > 0 ? 'partly' : 'wrong';
};

const VERDICT_TEXT: Record<Exclude<Verdict, 'unknown'>, MessageId> = {
  right: 'site.quizzes.verdict.right',
  partly: 'site.quizzes.verdict.partly',
  wrong: 'site.quizzes.verdict.wrong',
  waiting: 'site.quizzes.waitingForGrading',
};

/** What the student answered, in words. */
const AnswerGiven = ({ question }: { question: AttemptQuestion }) => {
  const t = useT();
  const answer = question.answer;
  if (question.options.length > 0) return null;
  const text = answer?.text?.trim();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-xs font-medium text-slate-600">{t('site.quizzes.yourAnswer')}</p>
      <p className={cn('break-words whitespace-pre-wrap', text ? 'text-slate-800' : 'text-slate-500 italic')}>
        {text || t('site.quizzes.notAnswered')}
      </p>
      {question.accepted_answers && question.accepted_answers.length > 0 ? (
        <p className="text-slate-700">
          <span className="font-medium">{t('site.quizzes.acceptedLabel')} </span>
          {question.accepted_answers.join(', ')}
        </p>
      ) : null}
    </div>
  );
};

/**
 * The result of an attempt: the score and whether it passed, then each question with the student's
 * answer and, as far as the quiz shows answers (the server leaves out what it withholds), what was right,
 * the explanations, the points earned; the graders' comments; open answers waiting for grading.
 */
export const QuizResult = ({ outcome, passPercent }: { outcome: QuizOutcome; passPercent: number }) => {
  const t = useT();
  const waiting = outcome.status === 'needs_grading';
  const unanswered = outcome.questions.every((q) => (q.answer ?? null) === null);
  return (
    <div className="flex flex-col gap-4">
      <div
        className={cn(
          'flex flex-col gap-1 rounded-2xl border p-4 sm:p-5',
          waiting
            ? 'border-amber-200 bg-amber-50'
            : outcome.passed
              ? 'border-emerald-200 bg-emerald-50'
              : 'border-rose-200 bg-rose-50',
        )}
      >
        <p role="status" className="text-lg font-semibold text-slate-900">
          {t(
            waiting
              ? 'site.quizzes.waitingForGrading'
              : outcome.passed
                ? 'site.quizzes.passed'
                : 'site.quizzes.notPassed',
          )}
        </p>
        <p className="text-sm text-slate-700">
          <T
            id="site.quizzes.score"
            values={{
              score: outcome.score ?? 0,
              max: outcome.max_score,
              pass: numberFormat({ style: 'percent' }).format(passPercent / 100),
            }}
            components={{ 0: <span className="font-semibold" /> }}
          />
        </p>
        {waiting ? <p className="text-sm text-slate-700">{t('site.quizzes.waitingNote')}</p> : null}
        {unanswered && outcome.status !== 'needs_grading' && outcome.score === 0 ? (
          <p className="text-sm text-slate-700">{t('site.quizzes.noAnswerRecorded')}</p>
        ) : null}
      </div>
      {outcome.answers_shown ? null : (
        <Alert tone="info">
          {t(outcome.passed === false ? 'site.quizzes.answersHiddenYet' : 'site.quizzes.answersHidden')}
        </Alert>
      )}
      <ol className="flex flex-col gap-4">
        {outcome.questions.map((question, index) => {
          const verdict = verdictOf(question);
          const chosen = question.answer?.option_Ids ?? [];
          const headingId = `result-q${question.question_Id}`;
          return (
            <li
              key={question.question_Id}
              aria-labelledby={headingId}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
            >
              <QuestionHeader
                question={question}
                number={index + 1}
                id={headingId}
                aside={
                  verdict === 'unknown' ? undefined : (
                    <span
                      className={cn(
                        'inline-flex items-center gap-1 font-semibold',
                        (verdict === 'right' || verdict === 'partly') && 'text-emerald-800',
                        verdict === 'wrong' && 'text-rose-700',
                        verdict === 'waiting' && 'text-amber-800',
                      )}
                    >
                      {verdict === 'right' ? <CheckCircleIcon className="size-4" /> : null}
                      {verdict === 'wrong' ? <CloseIcon className="size-4" /> : null}
                      {t(VERDICT_TEXT[verdict])}
                      {question.points_awarded !== null && question.points_awarded !== undefined
                        ? ` · ${t('site.quizzes.pointsOf', { awarded: question.points_awarded, points: question.points })}`
                        : ''}
                    </span>
                  )
                }
              />
              {question.options.length > 0 ? (
                <ul className="flex flex-col gap-2">
                  {question.options.map((option) => {
                    const picked = chosen.includes(option.option_Id);
                    return (
                      <li
                        key={option.option_Id}
                        className={cn(
                          'flex flex-col gap-1 rounded-xl border px-3 py-2 text-sm',
                          option.correct === true
                            ? 'border-emerald-300 bg-emerald-50'
                            : picked && option.correct === false
                              ? 'border-rose-300 bg-rose-50'
                              : picked
                                ? 'border-brand-300 bg-brand-50'
                                : 'border-slate-200',
                        )}
                      >
                        <span className="flex flex-wrap items-baseline gap-x-2">
                          <span className="min-w-0 break-words text-slate-800">{option.text}</span>
                          {picked ? (
                            <span className="text-xs font-semibold text-slate-700">
                              {t('site.quizzes.yourAnswer')}
                            </span>
                          ) : null}
                          {option.correct ? (
                            <span className="text-xs font-semibold text-emerald-800">
                              {t('site.quizzes.correctAnswer')}
                            </span>
                          ) : null}
                        </span>
                        {option.explanation ? (
                          <span className="text-slate-700">{option.explanation}</span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <AnswerGiven question={question} />
              )}
              {question.explanation ? (
                <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">
                  <span className="font-medium">{t('site.quizzes.explanationLabel')} </span>
                  {question.explanation}
                </p>
              ) : null}
              {question.grader_comment ? (
                <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-slate-800">
                  <span className="font-medium">{t('site.quizzes.graderCommentLabel')} </span>
                  {question.grader_comment}
                </p>
              ) : null}
              {question.kind === 'open' &&
              verdict !== 'waiting' &&
              outcome.status === 'needs_grading' &&
              question.answer?.text ? (
                <p className="text-sm text-amber-800">{t('site.quizzes.waitingForGrading')}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
};
