import { type GradingQueueRow, QUIZ_RESULTS_PAGE_SIZES } from '@skillwise/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ClipboardCheckIcon } from '@/components/ui/icons';
import { formatDateTime } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { gradeAttemptPath } from '@/lib/paths';
import { useGradingQueue } from '../api/quiz-results';

const PAGE_SIZE = QUIZ_RESULTS_PAGE_SIZES.gradingQueue;

/** What the attempt's screen shows of it before its own answer arrives (the attempt knows no names). */
export type AttemptHeading = Pick<
  GradingQueueRow,
  'student_name' | 'student_email' | 'lesson_title' | 'course_title' | 'lesson_Id'
>;

/** The queue's columns, their headings in the current language. */
const columns = (): ReadonlyArray<DataColumn<GradingQueueRow>> => [
  {
    header: t('admin.quizResults.col.student'),
    cell: (row) => (
      <>
        <span className="block font-medium break-words text-slate-900">{row.student_name}</span>
        <span className="block text-xs break-all text-slate-500">{row.student_email}</span>
      </>
    ),
    className: 'max-w-64',
    card: 'title',
  },
  {
    header: t('admin.quizResults.col.quiz'),
    cell: (row) => (
      <>
        <span className="block break-words text-slate-900">{row.lesson_title}</span>
        <span className="block text-xs break-words text-slate-500">{row.course_title}</span>
      </>
    ),
    className: 'max-w-72',
    card: 'field',
    cardWide: true,
  },
  {
    header: t('admin.quizResults.col.submitted'),
    cell: (row) => formatDateTime(row.submitted_at),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: t('admin.quizResults.col.waiting'),
    cell: (row) => t('admin.quizResults.waitingAnswers', { count: row.waiting }),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: t('admin.quizResults.grade'),
    hideHeader: true,
    align: 'end',
    card: 'line',
    cell: (row) => (
      <Link
        to={gradeAttemptPath(row.attempt_Id)}
        state={
          {
            student_name: row.student_name,
            student_email: row.student_email,
            lesson_title: row.lesson_title,
            course_title: row.course_title,
            lesson_Id: row.lesson_Id,
          } satisfies AttemptHeading
        }
        className={buttonClassName({ size: 'sm' })}
        aria-label={t('admin.quizResults.gradeAttemptOf', {
          student: row.student_name,
          quiz: row.lesson_title,
        })}
      >
        {t('admin.quizResults.grade')}
      </Link>
    ),
  },
];

/**
 * The school's quiz attempts waiting for grading, oldest first, a page at a time, searched on the server
 * (docs/decisions/034).
 */
export const GradingQueue = () => {
  const t = useT();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const queue = useGradingQueue({ page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, queue, {
    label: t('admin.quizResults.gradingPages'),
    pageSize: PAGE_SIZE,
    noun: [t('admin.quizResults.attemptOne'), t('admin.quizResults.attemptMany')],
  });
  const searching = search !== '' || searchText !== '';
  return (
    <DataList
      label={t('admin.quizResults.queueLabel')}
      query={queue}
      rowKey={(row) => row.attempt_Id}
      columns={columns()}
      tableClassName="min-w-[720px]"
      fields="grid"
      loadingLabel={t('admin.quizResults.loadingAttempts')}
      errorText={t('admin.quizResults.queueLoadFailed')}
      search={
        (queue.data?.total ?? 0) > 0 || searching
          ? { label: t('admin.quizResults.searchQueue'), value: searchText, onChange: setSearchText }
          : undefined
      }
      empty={
        search === '' ? (
          <EmptyState
            icon={<ClipboardCheckIcon />}
            title={t('admin.quizResults.nothingToGrade')}
            hint={t('admin.quizResults.nothingToGradeHint')}
          />
        ) : (
          <EmptyState
            icon={<ClipboardCheckIcon />}
            title={t('admin.quizResults.noAttemptsMatch')}
            hint={t('admin.quizResults.noAttemptsMatchHint')}
          />
        )
      }
      pager={pager}
    />
  );
};
