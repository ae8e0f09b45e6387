import { QUIZ_RESULTS_PAGE_SIZES, type QuizStudentResult } from '@skillwise/contracts';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { QuizIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { csvFileName } from '@/lib/csv';
import { formatCount, formatDate } from '@/lib/format';
import { useListState } from '@/lib/paging';
import { listAllQuizResults, useQuizResults } from '../api/quiz-results';
import { quizResultsCsv, resultText, scoreText } from '../lib/quiz-results';

const PAGE_SIZE = QUIZ_RESULTS_PAGE_SIZES.quizResults;

const ResultChip = ({ row }: { row: QuizStudentResult }) => {
  const text = resultText(row);
  const tone = row.passed ? 'green' : row.waiting ? 'amber' : row.best_score === null ? 'muted' : 'red';
  return <Chip tone={tone}>{text}</Chip>;
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
 * The quiz's students: the search and page, the page asked for, and its pager. Asked for by the screen
 * with the quiz's figures, so both load at once.
 */
export const useQuizStudents = (lessonId: number) => {
  const list = useListState();
  const query = useQuizResults(lessonId, { page: list.page, pageSize: PAGE_SIZE, search: list.search });
  const pager = useListPager(list, query, {
    label: 'Students pages',
    pageSize: PAGE_SIZE,
    noun: ['student', 'students'],
  });
  return { list, query, pager };
};

type QuizStudentsProps = {
  lessonId: number;
  students: ReturnType<typeof useQuizStudents>;
  onOpenAttempts: (student: QuizStudentResult) => void;
};

/** The quiz's students a page at a time, searched on the server, with Download CSV and each one's attempts. */
export const QuizStudents = ({ lessonId, students, onOpenAttempts }: QuizStudentsProps) => {
  const { list, query, pager } = students;
  const { searchText, setSearchText, search } = list;
  const total = query.data?.total ?? 0;
  const hasStudents = total > 0 || search !== '' || searchText !== '';
  return (
    <DataList
      label="Students"
      query={query}
      rowKey={(row) => row.user_Id}
      columns={[...COLUMNS, attemptsColumn(onOpenAttempts)]}
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
          <EmptyState icon={<QuizIcon />} title="No students match your search" hint="Try another name." />
        )
      }
      pager={pager}
    />
  );
};
