import type { Attempt, StudentQuiz } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCount, numberFormat } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { getAttempt, quizKeys, startAttempt, submitAttempt, useStudentQuiz } from '../api/quizzes';
import { useTopInView } from '../hooks/use-top-in-view';
import { forgetAnswers } from '../lib/kept-answers';
import { attemptStateText, durationText, formatMoment, readableMessage } from '../lib/quiz-text';
import { QuizIntro } from './quiz-intro';
import { QuizPlayer } from './quiz-player';
import { answerList } from './quiz-questions';
import { QuizResult } from './quiz-result';

type View = { kind: 'intro' } | { kind: 'taking'; attempt: Attempt } | { kind: 'result'; attempt: Attempt };

/** The server's refusal as the reader reads it (its moments written out). */
const refusalText = (error: unknown, fallback: string) => readableMessage(errorMessage(error, fallback));

/** Why no attempt can start now, in the quiz's own words. */
const closedReason = (quiz: StudentQuiz): string | null => {
  if (quiz.can_start) return null;
  if (quiz.next_attempt_at) return t('learning.quizzes.wait', { at: formatMoment(quiz.next_attempt_at) });
  if (quiz.attempts_left === 0)
    return t('learning.quizzes.noAttemptsLeft', { allowed: quiz.attempts_allowed ?? 0 });
  return null;
};

/** Asks for the quiz again when the wait before the next attempt ends. */
const useRefetchAt = (at: string | null, refetch: () => unknown) => {
  useEffect(() => {
    if (!at) return;
    const wait = Date.parse(at) - Date.now();
    // Long waits are asked about again when the page is next opened; timers do not run for days.
    if (Number.isNaN(wait) || wait > 24 * 3600 * 1000) return;
    const timer = window.setTimeout(() => void refetch(), Math.max(0, wait) + 500);
    return () => window.clearTimeout(timer);
  }, [at, refetch]);
};

const AttemptList = ({ quiz, onOpen }: { quiz: StudentQuiz; onOpen: (attemptId: number) => void }) => {
  const t = useT();
  return quiz.attempts.length === 0 ? null : (
    <section aria-labelledby="quiz-attempts" className="flex flex-col gap-2">
      <h3 id="quiz-attempts" className="text-sm font-semibold text-slate-900">
        {t('learning.quizzes.yourAttempts')}
      </h3>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {[...quiz.attempts].reverse().map((attempt) => (
          <li
            key={attempt.attempt_Id}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm"
          >
            <span className="font-medium text-slate-900">
              {t('learning.quizzes.attemptNumber', { number: attempt.number })}
            </span>
            <span className="text-slate-600">{formatMoment(attempt.submitted_at ?? attempt.started_at)}</span>
            <span className="text-slate-800">
              {attempt.score === null
                ? '—'
                : t('learning.quizzes.scoreOf', { score: attempt.score, max: attempt.max_score })}
            </span>
            <span
              className={
                attempt.passed
                  ? 'font-semibold text-emerald-800'
                  : attempt.status === 'needs_grading'
                    ? 'text-amber-800'
                    : 'text-slate-700'
              }
            >
              {attemptStateText(attempt.status, attempt.passed)}
            </span>
            {attempt.status === 'in_progress' ? null : (
              <Button
                variant="ghost"
                size="sm"
                className="ms-auto"
                onClick={() => onOpen(attempt.attempt_Id)}
              >
                <T
                  id="learning.quizzes.seeResult"
                  values={{ number: attempt.number }}
                  components={{ 0: <span className="sr-only" /> }}
                />
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
};

/**
 * A quiz lesson as its student takes it (docs/decisions/033): the quiz's facts and the student's
 * attempts; Start (or Continue the open attempt); the questions with the server's countdown; the result
 * as the quiz shows it. The API's refusals (no attempt left, a wait, already submitted, time up) are
 * shown as they come. A pass calls `onPassed`, which refreshes the course's progress.
 */
export const StudentQuizLesson = ({ lessonId, onPassed }: { lessonId: number; onPassed: () => void }) => {
  const t = useT();
  const quiz = useStudentQuiz(lessonId);
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'intro' });
  const [notice, setNotice] = useState<string | null>(null);
  const [isStarting, setStarting] = useState(false);
  const top = useTopInView<HTMLDivElement>(
    view.kind === 'intro' ? 'intro' : `${view.kind}-${view.attempt.attempt_Id}`,
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: quizKeys.student(lessonId) });
  useRefetchAt(quiz.data?.next_attempt_at ?? null, quiz.refetch);
  // Answers kept for attempts that ended elsewhere (another tab or device, the time ran out) go.
  const attempts = quiz.data?.attempts;
  useEffect(() => {
    for (const attempt of attempts ?? []) {
      if (attempt.status !== 'in_progress') forgetAnswers(attempt.attempt_Id);
    }
  }, [attempts]);

  if (quiz.isPending) return <LoadingBlock label={t('site.quizzes.loading')} />;
  if (quiz.isError) {
    const refused = quiz.error instanceof ApiError ? quiz.error.status : null;
    // A lesson not open yet (docs/decisions/032): the server says when it opens, or what opens it.
    if (refused === 403)
      return <Alert tone="info">{refusalText(quiz.error, t('learning.quizzes.locked'))}</Alert>;
    return refused === 404 ? (
      <Alert tone="info">{t('learning.quizzes.beingPrepared')}</Alert>
    ) : (
      <LoadError
        message={errorMessage(quiz.error, t('site.quizzes.loadFailed'))}
        onRetry={() => void quiz.refetch()}
        size="sm"
      />
    );
  }
  const data = quiz.data;
  const open = data.attempts.find((attempt) => attempt.status === 'in_progress');

  const start = async () => {
    setNotice(null);
    setStarting(true);
    try {
      setView({ kind: 'taking', attempt: await startAttempt(lessonId) });
    } catch (error) {
      setNotice(refusalText(error, t('learning.quizzes.startFailed')));
      await refresh();
    } finally {
      setStarting(false);
    }
  };

  const submit = async (attempt: Attempt, answers: Parameters<typeof answerList>[1]) => {
    setNotice(null);
    try {
      const graded = await submitAttempt({
        attempt_Id: attempt.attempt_Id,
        answers: answerList(attempt.questions, answers),
      });
      forgetAnswers(attempt.attempt_Id);
      setView({ kind: 'result', attempt: graded });
      if (graded.passed) onPassed();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Refused (the time ran out, or it was submitted elsewhere): said as it is, the quiz shown afresh.
        forgetAnswers(attempt.attempt_Id);
        setNotice(refusalText(error, t('learning.quizzes.notTaken')));
        setView({ kind: 'intro' });
      } else {
        setNotice(refusalText(error, t('learning.quizzes.sendFailed')));
        return;
      }
    }
    await refresh();
  };

  const openResult = async (attemptId: number) => {
    setNotice(null);
    try {
      setView({ kind: 'result', attempt: await getAttempt(attemptId) });
    } catch (error) {
      setNotice(refusalText(error, t('learning.quizzes.resultFailed')));
    }
  };

  const noticeAlert = notice ? (
    <Alert tone={view.kind === 'taking' ? 'error' : 'info'}>
      <span role="status">{notice}</span>
    </Alert>
  ) : null;

  if (view.kind === 'taking') {
    return (
      <div ref={top} className="flex scroll-mt-24 flex-col gap-4">
        {noticeAlert}
        <QuizPlayer
          key={view.attempt.attempt_Id}
          questions={view.attempt.questions}
          deadline={view.attempt.deadline}
          onSubmit={(answers) => submit(view.attempt, answers)}
          idPrefix={`attempt-${view.attempt.attempt_Id}`}
          keepFor={view.attempt.attempt_Id}
        />
      </div>
    );
  }

  if (view.kind === 'result') {
    return (
      <div ref={top} className="flex scroll-mt-24 flex-col gap-4">
        {noticeAlert}
        <QuizResult outcome={view.attempt} passPercent={data.pass_percent} />
        <Button variant="outline" className="self-start" onClick={() => setView({ kind: 'intro' })}>
          {t('learning.quizzes.backToQuiz')}
        </Button>
      </div>
    );
  }

  const reason = closedReason(data);
  return (
    <div ref={top} className="flex scroll-mt-24 flex-col gap-4">
      {noticeAlert}
      <QuizIntro
        facts={[
          { label: t('site.quizzes.fact.questions'), value: formatCount(data.question_count) },
          {
            label: t('site.quizzes.fact.passMark'),
            value: numberFormat({ style: 'percent' }).format(data.pass_percent / 100),
          },
          {
            label: t('learning.quizzes.fact.attemptsLeft'),
            value:
              data.attempts_left === null ? t('learning.quizzes.unlimited') : formatCount(data.attempts_left),
          },
          {
            label: t('learning.quizzes.fact.timeLimit'),
            value:
              data.time_limit_seconds === null
                ? t('learning.quizzes.noTimeLimit')
                : durationText(data.time_limit_seconds),
          },
        ]}
      >
        {data.passed ? (
          <p className="text-sm font-medium text-emerald-800">{t('learning.quizzes.passedNote')}</p>
        ) : null}
        {data.time_limit_seconds !== null && !open ? (
          <p className="text-sm text-slate-600">{t('learning.quizzes.timeNote')}</p>
        ) : null}
        {reason && !open ? <p className="text-sm font-medium text-slate-800">{reason}</p> : null}
        {data.can_start || open ? (
          <Button
            className="self-start"
            onClick={() => void start()}
            isLoading={isStarting}
            loadingText={t('learning.quizzes.starting')}
          >
            {t(
              open
                ? 'learning.quizzes.continueAttempt'
                : data.attempts.length > 0
                  ? 'site.quizzes.tryAgain'
                  : 'site.quizzes.startQuiz',
            )}
          </Button>
        ) : null}
      </QuizIntro>
      <AttemptList quiz={data} onOpen={(id) => void openResult(id)} />
    </div>
  );
};
