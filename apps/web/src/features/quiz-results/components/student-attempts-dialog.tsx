import type { QuizStudentResult } from '@skillwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { gradeAttemptPath } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useResetAttempts, useStudentAttempts } from '../api/quiz-results';
import { STATUS_TEXT, scoreText } from '../lib/quiz-results';
import type { AttemptHeading } from './grading-queue';

/** A student's attempts at the quiz, each waiting one with its way to grading; and Reset attempts. */
export const StudentAttemptsDialog = ({
  lessonId,
  lessonTitle,
  courseTitle,
  student,
  onClose,
}: {
  lessonId: number;
  lessonTitle: string;
  courseTitle: string;
  student: QuizStudentResult;
  onClose: () => void;
}) => {
  const t = useT();
  const attempts = useStudentAttempts(lessonId, student.user_Id);
  const reset = useResetAttempts();
  const [isConfirming, setConfirming] = useState(false);
  const count = attempts.data?.length ?? student.attempts;
  return (
    <>
      <Modal
        open={!isConfirming}
        onClose={onClose}
        title={t('admin.quizResults.studentsAttempts', { student: student.student_name })}
        className="max-w-xl"
      >
        <p className="text-sm break-all text-slate-600">{student.student_email}</p>
        {attempts.isError ? (
          <LoadError
            className="mt-4"
            size="sm"
            message={errorMessage(attempts.error, t('admin.quizResults.attemptsLoadFailed'))}
            onRetry={() => void attempts.refetch()}
          />
        ) : !attempts.data ? (
          <LoadingBlock label={t('admin.quizResults.loadingAttempts')} />
        ) : attempts.data.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">{t('admin.quizResults.noAttempts')}</p>
        ) : (
          <ol
            aria-label={t('admin.quizResults.attempts')}
            className="mt-4 flex flex-col divide-y divide-slate-100"
          >
            {attempts.data.map((attempt) => (
              <li key={attempt.attempt_Id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {t('admin.quizResults.attemptNumber', { number: attempt.number })}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t(STATUS_TEXT[attempt.status])} ·{' '}
                    {formatDate(attempt.submitted_at ?? attempt.started_at)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-slate-700 tabular-nums">
                    {attempt.status === 'in_progress' ? '—' : scoreText(attempt.score, attempt.max_score)}
                  </span>
                  {attempt.passed === true ? <Chip tone="green">{t('admin.quizResults.passed')}</Chip> : null}
                  {attempt.passed === false ? (
                    <Chip tone="red">{t('admin.quizResults.notPassed')}</Chip>
                  ) : null}
                  {attempt.status === 'in_progress' ? null : (
                    <Link
                      to={gradeAttemptPath(attempt.attempt_Id)}
                      state={
                        {
                          student_name: student.student_name,
                          student_email: student.student_email,
                          lesson_title: lessonTitle,
                          course_title: courseTitle,
                          lesson_Id: lessonId,
                        } satisfies AttemptHeading
                      }
                      className={buttonClassName({
                        size: 'sm',
                        variant: attempt.status === 'needs_grading' ? 'primary' : 'outline',
                      })}
                      aria-label={t(
                        attempt.status === 'needs_grading'
                          ? 'admin.quizResults.gradeAttemptN'
                          : 'admin.quizResults.openAttemptN',
                        { number: attempt.number },
                      )}
                    >
                      {t(
                        attempt.status === 'needs_grading'
                          ? 'admin.quizResults.grade'
                          : 'admin.quizResults.open',
                      )}
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="danger" disabled={count === 0} onClick={() => setConfirming(true)}>
            {t('admin.quizResults.resetAttempts')}
          </Button>
          <Button variant="outline" onClick={onClose}>
            {t('admin.quizResults.close')}
          </Button>
        </div>
      </Modal>
      <ConfirmDialog
        open={isConfirming}
        title={t('admin.quizResults.resetTitle')}
        message={t('admin.quizResults.resetMessage', {
          student: student.student_name,
          count,
          quiz: lessonTitle,
        })}
        confirmLabel={t('admin.quizResults.resetConfirm')}
        busyLabel={t('admin.quizResults.resetting')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await reset.mutateAsync({ lesson_Id: lessonId, user_Id: student.user_Id });
            notify.success(
              t('admin.quizResults.resetDone', { student: student.student_name, quiz: lessonTitle }),
            );
            onClose();
          } catch (error) {
            notify.error(errorMessage(error, t('admin.quizResults.resetFailed')));
            throw error;
          }
        }}
      />
    </>
  );
};
