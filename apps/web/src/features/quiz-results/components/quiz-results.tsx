import type { QuizStudentResult } from '@skillwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/drawn-icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { coursePath, paths } from '@/lib/paths';
import { useQuizSummary } from '../api/quiz-results';
import { QuizStudents, useQuizStudents } from './quiz-students';
import { Figures, HardestQuestions, ScoreSpread } from './quiz-summary';
import { StudentAttemptsDialog } from './student-attempts-dialog';

/**
 * A quiz's results for its school (docs/decisions/034): its figures, the spread of best scores, the
 * hardest questions, and its students a page at a time, searched on the server, with Download CSV and
 * each student's attempts (and Reset attempts).
 */
export const QuizResults = ({ lessonId }: { lessonId: number }) => {
  const t = useT();
  const summary = useQuizSummary(lessonId);
  const students = useQuizStudents(lessonId);
  const [open, setOpen] = useState<QuizStudentResult | null>(null);

  if (summary.isError) {
    return (
      <LoadError
        message={errorMessage(summary.error, t('admin.quizResults.resultsLoadFailed'))}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  if (!summary.data) return <LoadingBlock label={t('admin.quizResults.loadingResults')} />;
  const data = summary.data;

  return (
    <>
      <PageHeader
        title={t('admin.quizResults.resultsTitle', { quiz: data.lesson_title })}
        description={data.course_title}
        actions={
          <Link
            to={coursePath(paths.admin.curriculum, data.course_Id)}
            className={buttonClassName({ variant: 'outline' })}
          >
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
            {t('admin.quizResults.curriculum')}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <Figures summary={data} />
        <div className="grid min-w-0 gap-6 xl:grid-cols-2">
          <ScoreSpread summary={data} />
          <HardestQuestions summary={data} />
        </div>
        <QuizStudents lessonId={lessonId} students={students} onOpenAttempts={setOpen} />
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
