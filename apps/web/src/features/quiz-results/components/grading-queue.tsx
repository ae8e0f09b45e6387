import { type GradingQueueRow, QUIZ_RESULTS_PAGE_SIZES } from '@skillwise/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ClipboardCheckIcon } from '@/components/ui/icons';
import { formatCount, formatDateTime } from '@/lib/format';
import { useListState } from '@/lib/paging';
import { gradeAttemptPath } from '@/lib/paths';
import { useGradingQueue } from '../api/quiz-results';

const PAGE_SIZE = QUIZ_RESULTS_PAGE_SIZES.gradingQueue;

/** What the attempt's screen shows of it before its own answer arrives (the attempt knows no names). */
export type AttemptHeading = Pick<
  GradingQueueRow,
  'student_name' | 'student_email' | 'lesson_title' | 'course_title' | 'lesson_Id'
>;

const COLUMNS: ReadonlyArray<DataColumn<GradingQueueRow>> = [
  {
    header: 'STUDENT',
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
    header: 'QUIZ',
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
    header: 'SUBMITTED',
    cell: (row) => formatDateTime(row.submitted_at),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: 'WAITING',
    cell: (row) => `${formatCount(row.waiting)} ${row.waiting === 1 ? 'answer' : 'answers'}`,
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: 'Grade',
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
        aria-label={`Grade ${row.student_name}’s attempt at ${row.lesson_title}`}
      >
        Grade
      </Link>
    ),
  },
];

/**
 * The school's quiz attempts waiting for grading, oldest first, a page at a time, searched on the server
 * (docs/decisions/034).
 */
export const GradingQueue = () => {
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const queue = useGradingQueue({ page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, queue, {
    label: 'Grading pages',
    pageSize: PAGE_SIZE,
    noun: ['attempt', 'attempts'],
  });
  const searching = search !== '' || searchText !== '';
  return (
    <DataList
      label="Attempts waiting for grading"
      query={queue}
      rowKey={(row) => row.attempt_Id}
      columns={COLUMNS}
      tableClassName="min-w-[720px]"
      fields="grid"
      loadingLabel="Loading attempts..."
      errorText="Could not load the attempts waiting for grading."
      search={
        (queue.data?.total ?? 0) > 0 || searching
          ? { label: 'Search by student or quiz', value: searchText, onChange: setSearchText }
          : undefined
      }
      empty={
        search === '' ? (
          <EmptyState
            icon={<ClipboardCheckIcon />}
            title="Nothing to grade"
            hint="When a student submits a quiz with an open answer, the attempt waits here for your grade."
          />
        ) : (
          <EmptyState
            icon={<ClipboardCheckIcon />}
            title="No attempts match your search"
            hint="Try another name or title."
          />
        )
      }
      pager={pager}
    />
  );
};
