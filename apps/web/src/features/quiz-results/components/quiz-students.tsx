import { QUIZ_RESULTS_PAGE_SIZES, type QuizStudentResult } from '@skillwise/contracts';
import { RowButton } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { QuizIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { csvFileName } from '@/lib/csv';
import { formatCount, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { listAllQuizResults, useQuizResults } from '../api/quiz-results';
import { quizResultsCsv, resultText, scoreText } from '../lib/quiz-results';

const PAGE_SIZE = QUIZ_RESULTS_PAGE_SIZES.quizResults;

const ResultChip = ({ row }: { row: QuizStudentResult }) => {
  const text = resultText(row);
  const tone = row.passed ? 'green' : row.waiting ? 'amber' : row.best_score === null ? 'muted' : 'red';
  return <Chip tone={tone}>{text}</Chip>;
};

/** The list's columns, their headings in the current language. */
const columns = (): ReadonlyArray<DataColumn<QuizStudentResult>> => [
  {
    header: t('admin.quizResults.col.student'),
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
    header: t('admin.quizResults.col.attempts'),
    cell: (row) => formatCount(row.attempts),
    align: 'end',
    className: 'text-slate-600 tabular-nums',
    card: 'field',
  },
  {
    header: t('admin.quizResults.col.bestScore'),
    cell: (row) => scoreText(row.best_score, row.max_score),
    align: 'end',
    className: 'whitespace-nowrap text-slate-900 tabular-nums',
    card: 'field',
  },
  {
    header: t('admin.quizResults.col.lastAttempt'),
    cell: (row) => formatDate(row.last_attempt_at),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: t('admin.quizResults.col.result'),
    cell: (row) => <ResultChip row={row} />,
    card: 'field',
  },
];

const attemptsColumn = (onOpen: (row: QuizStudentResult) => void): DataColumn<QuizStudentResult> => ({
  header: t('admin.quizResults.attempts'),
  hideHeader: true,
  align: 'end',
  card: 'line',
  cell: (row) => (
    <RowButton
      onClick={() => onOpen(row)}
      label={t('admin.quizResults.attemptsOf', { student: row.student_name })}
    >
      {t('admin.quizResults.attempts')}
    </RowButton>
  ),
});

/**
 * The quiz's students: the search and page, the page asked for, and its pager. Asked for by the screen
 * with the quiz's figures, so both load at once.
 */
export const useQuizStudents = (lessonId: number) => {
  const t = useT();
  const list = useListState();
  const query = useQuizResults(lessonId, { page: list.page, pageSize: PAGE_SIZE, search: list.search });
  const pager = useListPager(list, query, {
    label: t('admin.quizResults.studentsPages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.quizResults.students.rowCount',
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
  const t = useT();
  const { list, query, pager } = students;
  const { searchText, setSearchText, search } = list;
  const total = query.data?.total ?? 0;
  const hasStudents = total > 0 || search !== '' || searchText !== '';
  return (
    <DataList
      label={t('admin.quizResults.students')}
      query={query}
      rowKey={(row) => row.user_Id}
      columns={[...columns(), attemptsColumn(onOpenAttempts)]}
      tableClassName="min-w-[760px]"
      fields="grid"
      loadingLabel={t('admin.quizResults.loadingStudents')}
      errorText={t('admin.quizResults.studentsLoadFailed')}
      search={
        hasStudents
          ? { label: t('admin.quizResults.searchStudents'), value: searchText, onChange: setSearchText }
          : undefined
      }
      actions={
        hasStudents ? (
          <ExportCsvButton
            csv={async () => quizResultsCsv(await listAllQuizResults(lessonId, search))}
            fileName={() => csvFileName(`quiz-${lessonId}-results`)}
            errorText={t('admin.quizResults.exportFailed')}
            disabled={total === 0}
          />
        ) : undefined
      }
      empty={
        search === '' ? (
          <EmptyState
            icon={<QuizIcon />}
            title={t('admin.quizResults.noAttemptsYet')}
            hint={t('admin.quizResults.noAttemptsYetHint')}
          />
        ) : (
          <EmptyState
            icon={<QuizIcon />}
            title={t('admin.quizResults.noStudentsMatch')}
            hint={t('admin.quizResults.tryAnotherName')}
          />
        )
      }
      pager={pager}
    />
  );
};
