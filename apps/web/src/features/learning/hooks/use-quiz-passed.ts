import type { CourseProgress, SavedLessonProgress } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getMyCourseCertificate } from '@/features/certificates';
import { getCourseProgress, learningKeys } from '../api/learning';

/**
 * A quiz lesson completes when an attempt passes, on the server (docs/decisions/031). After a pass the
 * course's progress is read again; a completion it shows is told as a marked lesson's is
 * (`onCompletionChange`), with the certificate the pass issued when it completed a course that gives one.
 */
export const useQuizPassed = (
  courseId: number,
  givesCertificate: boolean,
  onCompletionChange?: (saved: SavedLessonProgress) => void,
) => {
  const queryClient = useQueryClient();
  return async (lessonId: number) => {
    const key = learningKeys.progress(courseId);
    const before = queryClient
      .getQueryData<CourseProgress>(key)
      ?.lessons.find((lesson) => lesson.lesson_Id === lessonId);
    const fresh = await queryClient.fetchQuery({
      queryKey: key,
      queryFn: ({ signal }) => getCourseProgress(courseId, signal),
      staleTime: 0,
    });
    const after = fresh.lessons.find((lesson) => lesson.lesson_Id === lessonId);
    if (!after?.completed || before?.completed) return;
    const courseDone = fresh.totalLessons > 0 && fresh.completedLessons === fresh.totalLessons;
    const issued =
      courseDone && givesCertificate ? await getMyCourseCertificate(courseId).catch(() => null) : null;
    onCompletionChange?.({
      ...after,
      ...(issued
        ? { certificate: { number: issued.number, verification_url: issued.verification_url } }
        : {}),
    });
  };
};
