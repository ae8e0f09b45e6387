import type { QuestionKind, QuizStudentResult, QuizSummary } from '@skillwise/contracts';
import { QUIZ_RESULTS_PAGE_SIZES } from '@skillwise/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type DataColumn, DataList } from '@/components/ui/data-list';
import { ChevronLeftIcon, QuizIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { Stat } from '@/components/ui/stat';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { csvFileName } from '@/lib/csv';
import { formatCount, formatDate } from '@/lib/format';
import { useClampedPage, useListState } from '@/lib/paging';
import { coursePath, gradeAttemptPath, paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import {
  listAllQuizResults,
  useQuizResults,
  useQuizSummary,
  useResetAttempts,
  useStudentAttempts,
} from '../api/quiz-results';
import { bucketText, quizResultsCsv, resultText, STATUS_TEXT, scoreText } from '../lib/quiz-results';
import type { AttemptHeading } from './grading-queue';

// The chart library is loaded with this screen's chart only, never with the rest of the app.
const ScoreChart = lazy(() => import('./score-chart'));

const PAGE_SIZE = QUIZ_RESULTS_PAGE_SIZES.quizResults;

const KIND_TEXT: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True or false',
  short: 'Short answer',
  open: 'Open answer',
};

const ResultChip = ({ row }: { row: QuizStudentResult }) => {
  const text = resultText(row);
  const tone = row.passed ? 'green' : row.waiting ? 'amber' : row.best_score === null ? 'muted' : 'red';
  return <Chip tone={tone}>{text}</Chip>;
};

/** Attempts, students, the pass rate and the pass mark: the quiz's figures over all its students. */
const Figures = ({ summary }: { summary: QuizSummary }) => (
  <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
    <Stat label="Attempts" value={formatCount(summary.attempts)} />
    <Stat label="Students" value={formatCount(summary.students)} />
    <Stat
      label="Pass rate"
      value={summary.pass_rate === null ? '—' : `${summary.pass_rate}%`}
      note={
        summary.graded_students === 0
          ? 'No graded attempt yet'
          : `${formatCount(summary.passed_students)} of ${formatCount(summary.graded_students)} graded students passed`
      }
    />
    <Stat label="Pass mark" value={`${summary.pass_percent}%`} />
  </section>
);

/** Students by their best score: a chart, described in words and with its figures in a table. */
const ScoreSpread = ({ summary }: { summary: QuizSummary }) => {
  const graded = summary.score_buckets.reduce((sum, count) => sum + count, 0);
  return (
    <TitledCard title="Spread of scores" description="Students by their best graded score.">
      {graded === 0 ? (
        <p className="text-sm text-slate-500">No graded attempt yet.</p>
      ) : (
        <>
          <Suspense fallback={<div style={{ height: 220 }} />}>
            <ScoreChart buckets={summary.score_buckets} />
          </Suspense>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">
              Show the figures as a table
            </summary>
            <table className="mt-3 w-full max-w-sm text-left tabular-nums">
              <caption className="sr-only">Students by their best score</caption>
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Best score
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Students
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {summary.score_buckets.map((count, index) => (
                  <tr key={bucketText(index)}>
                    <th scope="row" className="py-1 pr-4 font-normal text-slate-600">
                      {bucketText(index)}
                    </th>
                    <td className="py-1 text-right">{formatCount(count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </TitledCard>
  );
};

/** The questions whose graded answers earned full points least often. */
const HardestQuestions = ({ summary }: { summary: QuizSummary }) => (
  <TitledCard title="Hardest questions" description="The questions answered with full points least often.">
    {summary.hardest.length === 0 ? (
      <p className="text-sm text-slate-500">No graded answer yet.</p>
    ) : (
      <ol className="flex flex-col divide-y divide-slate-100">
        {summary.hardest.map((question) => (
          <li
            key={`${question.kind}:${question.text}`}
            className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
          >
            <div className="min-w-0">
              <p className="font-medium break-words whitespace-pre-line text-slate-900">{question.text}</p>
              <p className="text-xs text-slate-500">{KIND_TEXT[question.kind]}</p>
            </div>
            <p className="shrink-0 text-sm text-slate-600 tabular-nums">
              <span className="font-semibold text-slate-900">{question.full_percent}%</span> full points (
              {formatCount(question.full_points)} of {formatCount(question.answers)})
            </p>
          </li>
        ))}
      </ol>
    )}
  </TitledCard>
);

/** A student's attempts at the quiz, each waiting one with its way to grading; and Reset attempts. */
const StudentAttemptsDialog = ({
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
  const attempts = useStudentAttempts(lessonId, student.user_Id);
  const reset = useResetAttempts();
  const [isConfirming, setConfirming] = useState(false);
  const count = attempts.data?.length ?? student.attempts;
  return (
    <>
      <Modal
        open={!isConfirming}
        onClose={onClose}
        title={`${student.student_name}’s attempts`}
        className="max-w-xl"
      >
        <p className="text-sm break-all text-slate-600">{student.student_email}</p>
        {attempts.isError ? (
          <LoadError
            className="mt-4"
            size="sm"
            message={errorMessage(attempts.error, 'Could not load the attempts.')}
            onRetry={() => void attempts.refetch()}
          />
        ) : !attempts.data ? (
          <LoadingBlock label="Loading attempts..." />
        ) : attempts.data.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">No attempts.</p>
        ) : (
          <ol aria-label="Attempts" className="mt-4 flex flex-col divide-y divide-slate-100">
            {attempts.data.map((attempt) => (
              <li key={attempt.attempt_Id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">Attempt {attempt.number}</p>
                  <p className="text-xs text-slate-500">
                    {STATUS_TEXT[attempt.status]} · {formatDate(attempt.submitted_at ?? attempt.started_at)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-slate-700 tabular-nums">
                    {attempt.status === 'in_progress' ? '—' : scoreText(attempt.score, attempt.max_score)}
                  </span>
                  {attempt.passed === true ? <Chip tone="green">Passed</Chip> : null}
                  {attempt.passed === false ? <Chip tone="red">Not passed</Chip> : null}
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
                      aria-label={`${attempt.status === 'needs_grading' ? 'Grade' : 'Open'} attempt ${attempt.number}`}
                    >
                      {attempt.status === 'needs_grading' ? 'Grade' : 'Open'}
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="danger" disabled={count === 0} onClick={() => setConfirming(true)}>
            Reset attempts
          </Button>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
      </Modal>
      <ConfirmDialog
        open={isConfirming}
        title="Reset attempts?"
        message={`${student.student_name}’s ${count === 1 ? 'attempt' : `${count} attempts`} at "${lessonTitle}" will be deleted with the answers, so that they start again from the first attempt. A lesson they completed stays completed.`}
        confirmLabel="Yes, Reset"
        busyLabel="Resetting..."
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await reset.mutateAsync({ lesson_Id: lessonId, user_Id: student.user_Id });
            notify.success(`${student.student_name} can start "${lessonTitle}" again.`);
            onClose();
          } catch (error) {
            notify.error(errorMessage(error, 'The attempts could not be reset. Please try again.'));
            throw error;
          }
        }}
      />
    </>
  );
};

const COLUMNS: ReadonlyArray<DataColumn<QuizStudentResult>> = [
  {
    header: 'STUDENT',
    cell: (row) => (
      <>
        <span className="block font-medium break-words text-slate-900">{row.student_name}</span>
        <span className="block text-xs break-all text-slate-500">{row.student_email}</span>
      </>
    ),
    className: 'max-w-72',
    card: 'title',
  },
  {
    header: 'ATTEMPTS',
    cell: (row) => formatCount(row.attempts),
    align: 'end',
    className: 'text-slate-600 tabular-nums',
    card: 'field',
  },
  {
    header: 'BEST SCORE',
    cell: (row) => scoreText(row.best_score, row.max_score),
    align: 'end',
    className: 'whitespace-nowrap text-slate-900 tabular-nums',
    card: 'field',
  },
  {
    header: 'LAST ATTEMPT',
    cell: (row) => formatDate(row.last_attempt_at),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: 'RESULT',
    cell: (row) => <ResultChip row={row} />,
    card: 'field',
  },
];

const attemptsColumn = (onOpen: (row: QuizStudentResult) => void): DataColumn<QuizStudentResult> => ({
  header: 'Attempts',
  hideHeader: true,
  align: 'end',
  card: 'line',
  cell: (row) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onOpen(row)}
      aria-label={`Attempts of ${row.student_name}`}
    >
      Attempts
    </Button>
  ),
});

/**
 * A quiz's results for its school (docs/decisions/034): its figures, the spread of best scores, the
 * hardest questions, and its students a page at a time, searched on the server, with Download CSV and
 * each student's attempts (and Reset attempts).
 */
export const QuizResults = ({ lessonId }: { lessonId: number }) => {
  const summary = useQuizSummary(lessonId);
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const students = useQuizResults(lessonId, { page, pageSize: PAGE_SIZE, search });
  useClampedPage(page, PAGE_SIZE, students, setPage);
  const [open, setOpen] = useState<QuizStudentResult | null>(null);

  if (summary.isError) {
    return (
      <LoadError
        message={errorMessage(summary.error, 'Could not load this quiz’s results.')}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  if (!summary.data) return <LoadingBlock label="Loading results..." />;
  const data = summary.data;
  const total = students.data?.total ?? 0;
  const hasStudents = total > 0 || search !== '' || searchText !== '';

  return (
    <>
      <PageHeader
        title={`Results: ${data.lesson_title}`}
        description={data.course_title}
        actions={
          <Link
            to={coursePath(paths.admin.curriculum, data.course_Id)}
            className={buttonClassName({ variant: 'outline' })}
          >
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
            Curriculum
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <Figures summary={data} />
        <div className="grid min-w-0 gap-6 xl:grid-cols-2">
          <ScoreSpread summary={data} />
          <HardestQuestions summary={data} />
        </div>
        <DataList
          label="Students"
          query={students}
          rowKey={(row) => row.user_Id}
          columns={[...COLUMNS, attemptsColumn(setOpen)]}
          tableClassName="min-w-[760px]"
          fields="grid"
          loadingLabel="Loading students..."
          errorText="Could not load the quiz’s students."
          search={
            hasStudents
              ? { label: 'Search by name or e-mail', value: searchText, onChange: setSearchText }
              : undefined
          }
          actions={
            hasStudents ? (
              <ExportCsvButton
                csv={async () => quizResultsCsv(await listAllQuizResults(lessonId, search))}
                fileName={() => csvFileName(`quiz-${lessonId}-results`)}
                errorText="The results could not be exported. Please try again."
                disabled={total === 0}
              />
            ) : undefined
          }
          empty={
            search === '' ? (
              <EmptyState
                icon={<QuizIcon />}
                title="No attempts yet"
                hint="When a student submits this quiz, their result appears here."
              />
            ) : (
              <EmptyState
                icon={<QuizIcon />}
                title="No students match your search"
                hint="Try another name."
              />
            )
          }
          pager={{
            label: 'Students pages',
            page,
            pageSize: PAGE_SIZE,
            onPageChange: setPage,
            noun: ['student', 'students'],
          }}
        />
      </div>
      {open ? (
        <StudentAttemptsDialog
          key={open.user_Id}
          lessonId={lessonId}
          lessonTitle={data.lesson_title}
          courseTitle={data.course_title}
          student={open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
};
