import type {
  Attempt,
  CheckPreviewQuizBody,
  PreviewQuiz,
  PreviewResult,
  SaveQuizBody,
  StaffQuiz,
  StudentQuiz,
  SubmitAttemptBody,
} from '@skillwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

export const quizKeys = {
  all: ['quizzes'] as const,
  staff: (lessonId: number) => [...quizKeys.all, 'staff', lessonId] as const,
  student: (lessonId: number) => [...quizKeys.all, 'student', lessonId] as const,
  preview: (lessonId: number) => [...quizKeys.all, 'preview', lessonId] as const,
};

/**
 * GET quizzes/GetQuiz/{lessonId}: the quiz with its answers, for the school's staff. A quiz lesson whose
 * quiz was never saved answers 404: null, the editor starts empty.
 */
export const getStaffQuiz = async (lessonId: number, signal?: AbortSignal): Promise<StaffQuiz | null> => {
  try {
    return await apiRequest<StaffQuiz>(`quizzes/GetQuiz/${lessonId}`, { auth: true, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && /^Quiz /.test(error.message)) return null;
    throw error;
  }
};

export const useStaffQuiz = (lessonId: number) =>
  useQuery({
    queryKey: quizKeys.staff(lessonId),
    queryFn: ({ signal }) => getStaffQuiz(lessonId, signal),
    // The editor starts from what it read once: a refetch must not replace what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/** POST quizzes/SaveQuiz: the settings and the whole bank of questions, replaced. */
export const saveQuiz = (body: SaveQuizBody): Promise<StaffQuiz> =>
  apiRequest('quizzes/SaveQuiz', { method: 'POST', auth: true, body });

/** GET quizzes/GetQuizForStudent/{lessonId}: the quiz's settings and the student's own attempts. */
export const useStudentQuiz = (lessonId: number) =>
  useQuery({
    queryKey: quizKeys.student(lessonId),
    queryFn: ({ signal }) =>
      apiRequest<StudentQuiz>(`quizzes/GetQuizForStudent/${lessonId}`, { auth: true, signal }),
    staleTime: 0,
  });

/** POST quizzes/StartAttempt: a new attempt, or the one still open. */
export const startAttempt = (lessonId: number): Promise<Attempt> =>
  apiRequest('quizzes/StartAttempt', { method: 'POST', auth: true, body: { lesson_Id: lessonId } });

/** GET quizzes/GetAttempt/{id}: an attempt with its questions, answers as the quiz shows them. */
export const getAttempt = (attemptId: number): Promise<Attempt> =>
  apiRequest(`quizzes/GetAttempt/${attemptId}`, { auth: true });

/** POST quizzes/SubmitAttempt: graded by the server. */
export const submitAttempt = (body: SubmitAttemptBody): Promise<Attempt> =>
  apiRequest('quizzes/SubmitAttempt', { method: 'POST', auth: true, body });

/** GET quizzes/GetPreviewQuiz/{lessonId}: a preview quiz's questions, for anyone (docs/decisions/033). */
export const usePreviewQuiz = (lessonId: number) =>
  useQuery({
    queryKey: quizKeys.preview(lessonId),
    queryFn: ({ signal }) => apiRequest<PreviewQuiz>(`quizzes/GetPreviewQuiz/${lessonId}`, { signal }),
  });

/** POST quizzes/CheckPreviewQuiz: a preview quiz's answers graded, nothing stored. */
export const checkPreviewQuiz = (body: CheckPreviewQuizBody): Promise<PreviewResult> =>
  apiRequest('quizzes/CheckPreviewQuiz', { method: 'POST', body });
