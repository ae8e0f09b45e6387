import { useLocation, useSearchParams } from 'react-router';
import { Screen } from '@/components/ui/page-header';
import { GradeAttempt } from '@/features/quiz-results/components/grade-attempt';
import { type AttemptHeading, GradingQueue } from '@/features/quiz-results/components/grading-queue';
import { QuizResults } from '@/features/quiz-results/components/quiz-results';
import { ATTEMPT_PARAM, LESSON_PARAM } from '@/lib/paths';
import { NotFoundPage } from '../not-found';

/** A positive whole id from the address, or null. */
const idOf = (raw: string | null): number | null => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Grading (sidebar key `grading`, /admin/grading): the school's quiz attempts waiting for grading; with
 * ?attempt=, one attempt opened to grade its open answers (docs/decisions/034).
 */
export const GradingScreen = () => {
  const [params] = useSearchParams();
  const location = useLocation();
  const attemptId = idOf(params.get(ATTEMPT_PARAM));
  if (attemptId !== null) {
    const heading = (location.state as AttemptHeading | null) ?? null;
    return (
      <GradeAttempt key={attemptId} attemptId={attemptId} heading={heading?.student_name ? heading : null} />
    );
  }
  return (
    <Screen texts="admin.adminRoutes.grading">
      <GradingQueue />
    </Screen>
  );
};

/** A quiz's results (/admin/quizResults?lesson=), opened from the quiz lesson in the curriculum. */
export const QuizResultsScreen = () => {
  const [params] = useSearchParams();
  const lessonId = idOf(params.get(LESSON_PARAM));
  if (lessonId === null) return <NotFoundPage />;
  return <QuizResults key={lessonId} lessonId={lessonId} />;
};
