import type { AttemptQuestion } from '@skillwise/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ClockIcon } from '@/components/ui/drawn-icons';
import { cn } from '@/lib/cn';
import { T, useT } from '@/lib/i18n/use-t';
import { keepAnswers, keptAnswers } from '../lib/kept-answers';
import { clockText } from '../lib/quiz-text';
import { isAnswered, type QuizAnswers, QuizQuestions } from './quiz-questions';

type QuizPlayerProps = {
  questions: AttemptQuestion[];
  /** The server's deadline of the attempt (ISO), or none. When it passes, the answers are sent as they are. */
  deadline?: string | null;
  /** Sends the answers; the player waits for it. */
  onSubmit: (answers: QuizAnswers) => Promise<unknown>;
  idPrefix: string;
  /**
   * The open attempt whose answers are kept in the browser as they are typed, and found again when it is
   * continued after a reload or another visit (a preview keeps nothing).
   */
  keepFor?: number;
};

/** Counts down to the deadline, once a second. */
const useTimeLeft = (deadline: string | null | undefined): number | null => {
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(end)) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  return Number.isNaN(end) ? null : end - now;
};

/**
 * Answering a quiz (an attempt, or a visitor's preview): the questions, the time left when the attempt
 * has a deadline (the server's: when it runs out, the answers go as they are and the server decides),
 * and Submit, which asks first when questions are left unanswered.
 */
export const QuizPlayer = ({ questions, deadline, onSubmit, idPrefix, keepFor }: QuizPlayerProps) => {
  const t = useT();
  const [answers, setAnswers] = useState<QuizAnswers>(() =>
    keepFor === undefined ? {} : keptAnswers(keepFor, questions),
  );
  const [confirming, setConfirming] = useState(false);
  const [isSending, setSending] = useState(false);
  const timeLeft = useTimeLeft(deadline);
  const sentAtDeadline = useRef(false);
  const latest = useRef(answers);
  latest.current = answers;
  const unanswered = questions.filter((q) => !isAnswered(q, answers)).length;

  const send = async () => {
    setSending(true);
    try {
      await onSubmit(latest.current);
    } finally {
      setSending(false);
    }
  };
  const answer = (next: QuizAnswers) => {
    setAnswers(next);
    if (keepFor !== undefined) keepAnswers(keepFor, next);
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    if (timeLeft === null || timeLeft > 0 || sentAtDeadline.current) return;
    sentAtDeadline.current = true;
    setConfirming(false);
    void sendRef.current();
  }, [timeLeft]);

  const lowTime = timeLeft !== null && timeLeft < 60_000;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (unanswered > 0) setConfirming(true);
        else void send();
      }}
    >
      {timeLeft !== null ? (
        <div
          className={cn(
            'sticky top-16 z-10 flex items-center gap-2 self-start rounded-full border px-3 py-1.5 text-sm font-semibold shadow-xs',
            lowTime ? 'border-rose-300 bg-rose-50 text-rose-800' : 'border-slate-200 bg-white text-slate-800',
          )}
        >
          <ClockIcon className="size-4" />
          <span>
            <T
              id="site.quizzes.timeLeft"
              values={{ time: clockText(timeLeft) }}
              components={{ 0: <span className="tabular-nums" dir="ltr" /> }}
            />
          </span>
        </div>
      ) : null}
      <QuizQuestions
        questions={questions}
        answers={answers}
        onChange={answer}
        disabled={isSending}
        idPrefix={idPrefix}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-slate-600 sm:me-auto">
          {t('site.quizzes.answeredCount', {
            answered: questions.length - unanswered,
            total: questions.length,
          })}
        </p>
        <Button type="submit" isLoading={isSending} loadingText={t('site.quizzes.submitting')}>
          {t('site.quizzes.submitAnswers')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('site.quizzes.confirmTitle')}
        message={t('site.quizzes.confirmMessage', { count: unanswered })}
        confirmLabel={t('site.quizzes.submitAnyway')}
        cancelLabel={t('site.quizzes.keepAnswering')}
        busyLabel={t('site.quizzes.submitting')}
        tone="primary"
        onClose={() => setConfirming(false)}
        onConfirm={send}
      />
    </form>
  );
};
