import { type Attempt, QUIZ_LIMITS } from '@skillwise/contracts';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Chip } from '@/components/ui/chip';
import { ChevronLeftIcon } from '@/components/ui/drawn-icons';
import { TextAreaField, TextField } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths, quizResultsPath } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useAttempt, useGradeAnswer } from '../api/quiz-results';
import { STATUS_TEXT, scoreText } from '../lib/quiz-results';
import type { AttemptHeading } from './grading-queue';

type Question = Attempt['questions'][number];

/** A whole number of points from 0 to the question's, as typed. */
const pointsProblem = (text: string, max: number): string | undefined =>
  /^\d+$/.test(text.trim()) && Number(text) <= max
    ? undefined
    : t('admin.quizResults.pointsProblem', { max });

/** An open answer's grade: its points (0 to the question's) and a comment, saved with GradeAnswer. */
const GradeForm = ({ attemptId, question }: { attemptId: number; question: Question }) => {
  const t = useT();
  const grade = useGradeAnswer();
  const graded = question.points_awarded !== null && question.points_awarded !== undefined;
  const form = useForm({
    initial: () => ({
      points: graded ? String(question.points_awarded) : '',
      comment: question.grader_comment ?? '',
    }),
    validate: (values) => ({ fields: { points: pointsProblem(values.points, question.points) } }),
    serverFields: { points: 'points', comment: 'comment' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const attempt = await grade.mutateAsync({
      attempt_Id: attemptId,
      question_Id: question.question_Id,
      points: Number(values.points),
      comment: values.comment.trim(),
    });
    notify.success(
      attempt.status === 'graded'
        ? t('admin.quizResults.gradeSavedGraded', { score: scoreText(attempt.score, attempt.max_score) })
        : t('admin.quizResults.gradeSaved'),
    );
  });
  const failure = form.failureMessage(t('admin.quizResults.gradeFailed'));
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4">
      <TextField
        label={t('admin.quizResults.pointsLabel', { max: question.points })}
        name="points"
        inputMode="numeric"
        autoComplete="off"
        required
        className="max-w-48"
        {...form.field('points')}
      />
      <TextAreaField
        label={t('admin.quizResults.comment')}
        labelNote={t('admin.quizResults.optional')}
        name="comment"
        rows={3}
        maxLength={QUIZ_LIMITS.comment}
        counterMax={QUIZ_LIMITS.comment}
        hint={t('admin.quizResults.commentHint')}
        {...form.field('comment')}
      />
      {failure ? <Alert>{failure}</Alert> : null}
      <div>
        <Button type="submit" isLoading={form.isSubmitting} loadingText={t('admin.quizResults.saving')}>
          {t(graded ? 'admin.quizResults.changeGrade' : 'admin.quizResults.saveGrade')}
        </Button>
      </div>
    </form>
  );
};

/** What the student answered: the options chosen (and which were right), or the text written. */
const AnswerOf = ({ question }: { question: Question }) => {
  const t = useT();
  const answer = question.answer;
  if (question.options.length > 0) {
    const chosen = new Set(answer?.option_Ids ?? []);
    return (
      <ul className="mt-3 flex flex-col gap-1.5 text-sm" aria-label={t('admin.quizResults.options')}>
        {question.options.map((option) => (
          <li key={option.option_Id} className="flex flex-wrap items-center gap-2">
            <span
              className={chosen.has(option.option_Id) ? 'font-semibold text-slate-900' : 'text-slate-600'}
            >
              {option.text}
            </span>
            {chosen.has(option.option_Id) ? <Chip tone="brand">{t('admin.quizResults.chosen')}</Chip> : null}
            {option.correct ? <Chip tone="green">{t('admin.quizResults.correct')}</Chip> : null}
          </li>
        ))}
      </ul>
    );
  }
  const text = answer?.text?.trim() ?? '';
  return text === '' ? (
    <p className="mt-3 text-sm text-slate-500">{t('admin.quizResults.noAnswer')}</p>
  ) : (
    <blockquote className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm break-words whitespace-pre-line text-slate-800">
      {text}
    </blockquote>
  );
};

const QuestionCard = ({
  attempt,
  question,
  index,
}: {
  attempt: Attempt;
  question: Question;
  index: number;
}) => {
  const t = useT();
  const awarded = question.points_awarded;
  const waits = question.kind === 'open' && (awarded === null || awarded === undefined);
  return (
    <li data-question={question.question_Id}>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 font-medium break-words whitespace-pre-line text-slate-900">
            <span className="text-slate-500">{index + 1}. </span>
            {question.text}
          </h2>
          {waits ? (
            <Chip tone="amber">{t('admin.quizResults.waitingForYourGrade')}</Chip>
          ) : (
            <span className="text-sm text-slate-700 tabular-nums">
              {t('admin.quizResults.pointsOf', { awarded: awarded ?? 0, points: question.points })}
            </span>
          )}
        </div>
        <AnswerOf question={question} />
        {question.kind === 'open' && attempt.status !== 'in_progress' ? (
          <GradeForm
            key={`${question.question_Id}:${awarded ?? ''}`}
            attemptId={attempt.attempt_Id}
            question={question}
          />
        ) : null}
      </Card>
    </li>
  );
};

/**
 * One attempt opened for grading (docs/decisions/034): every question with the student's answer, each
 * open answer with its points and comment (GradeAnswer). Once none waits, the attempt's score and pass.
 */
export const GradeAttempt = ({
  attemptId,
  heading,
}: {
  attemptId: number;
  heading: AttemptHeading | null;
}) => {
  const t = useT();
  const attempt = useAttempt(attemptId);
  if (attempt.isError) {
    return (
      <LoadError
        message={errorMessage(attempt.error, t('admin.quizResults.attemptLoadFailed'))}
        onRetry={() => void attempt.refetch()}
      />
    );
  }
  if (!attempt.data) return <LoadingBlock label={t('admin.quizResults.loadingAttempt')} />;
  const data = attempt.data;
  const waiting = data.questions.filter(
    (q) => q.kind === 'open' && (q.points_awarded === null || q.points_awarded === undefined),
  ).length;
  return (
    <>
      <PageHeader
        title={
          heading
            ? t('admin.quizResults.attemptTitle', {
                student: heading.student_name,
                quiz: heading.lesson_title,
              })
            : t('admin.quizResults.attemptNumber', { number: data.number })
        }
        description={
          heading
            ? t('admin.quizResults.attemptDescription', {
                course: heading.course_title,
                number: data.number,
                date: formatDateTime(data.submitted_at),
              })
            : t('admin.quizResults.submittedOn', { date: formatDateTime(data.submitted_at) })
        }
        actions={
          <>
            <Link to={paths.admin.grading} className={buttonClassName({ variant: 'outline' })}>
              <ChevronLeftIcon className="size-4" aria-hidden="true" />
              {t('admin.quizResults.grading')}
            </Link>
            <Link to={quizResultsPath(data.lesson_Id)} className={buttonClassName({ variant: 'outline' })}>
              {t('admin.quizResults.quizResults')}
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-4">
        {data.status === 'graded' || data.status === 'submitted' ? (
          <Alert tone="success">
            {t(data.passed ? 'admin.quizResults.outcomePassed' : 'admin.quizResults.outcomeNotPassed', {
              status: t(STATUS_TEXT[data.status]),
              score: scoreText(data.score, data.max_score),
            })}
          </Alert>
        ) : data.status === 'in_progress' ? (
          <Alert tone="info">{t('admin.quizResults.notSubmittedYet')}</Alert>
        ) : (
          <Alert tone="info">{t('admin.quizResults.openAnswersWait', { count: waiting })}</Alert>
        )}
        <ol aria-label={t('admin.quizResults.questions')} className="flex flex-col gap-4">
          {data.questions.map((question, index) => (
            <QuestionCard key={question.question_Id} attempt={data} question={question} index={index} />
          ))}
        </ol>
      </div>
    </>
  );
};
