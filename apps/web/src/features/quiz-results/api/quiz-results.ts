import {
  type Attempt,
  type GradeAnswerBody,
  type GradingQueueRow,
  PAGE_SIZE_MAX,
  type Paged,
  type QuizStudentResult,
  type QuizSummary,
  type ResetAttemptsResponse,
  type StudentAttempt,
} from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';

/** The school's side of quizzes (docs/decisions/034): the grading queue, results, attempts. */
export const quizResultKeys = {
  all: ['quiz-results'] as const,
  queue: (paging: PageRequest) => [...quizResultKeys.all, 'queue', paging] as const,
  attempt: (attemptId: number) => [...quizResultKeys.all, 'attempt', attemptId] as const,
  students: (lessonId: number, paging: PageRequest) =>
    [...quizResultKeys.all, 'students', lessonId, paging] as const,
  summary: (lessonId: number) => [...quizResultKeys.all, 'summary', lessonId] as const,
  studentAttempts: (lessonId: number, userId: number) =>
    [...quizResultKeys.all, 'student-attempts', lessonId, userId] as const,
};

/** GET quizzes/GetGradingQueue?page&pageSize: the school's attempts waiting for grading, oldest first. */
export const listGradingQueue = (
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<GradingQueueRow>> =>
  apiPage<GradingQueueRow>('quizzes/GetGradingQueue', paging, { auth: true, signal });

export const useGradingQueue = (paging: PageRequest) =>
  usePageQuery(quizResultKeys.queue(paging), (signal) => listGradingQueue(paging, signal), { fresh: true });

/** GET quizzes/GetAttempt/{id}: an attempt with its questions and answers (the school sees them all). */
export const getAttempt = (attemptId: number, signal?: AbortSignal): Promise<Attempt> =>
  apiRequest(`quizzes/GetAttempt/${attemptId}`, { auth: true, signal });

export const useAttempt = (attemptId: number | null) =>
  useQuery({
    queryKey: quizResultKeys.attempt(attemptId ?? 0),
    queryFn: ({ signal }) => getAttempt(attemptId ?? 0, signal),
    enabled: attemptId !== null,
    staleTime: 0,
  });

/** POST quizzes/GradeAnswer: an open answer's points and comment; answers the attempt as it is now. */
export const gradeAnswer = (body: GradeAnswerBody): Promise<Attempt> =>
  apiRequest('quizzes/GradeAnswer', { method: 'POST', auth: true, body });

/** Grades an answer; the attempt shown is the answer, and the queue and results are read again. */
export const useGradeAnswer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: gradeAnswer,
    onSuccess: (attempt) => {
      queryClient.setQueryData(quizResultKeys.attempt(attempt.attempt_Id), attempt);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === quizResultKeys.all[0] && query.queryKey[1] !== 'attempt',
      });
    },
  });
};

/** GET quizzes/GetQuizResults/{id}?page&pageSize&search: the quiz's students, each with its best result. */
export const listQuizResults = (
  lessonId: number,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<QuizStudentResult>> =>
  apiPage<QuizStudentResult>(`quizzes/GetQuizResults/${lessonId}`, paging, { auth: true, signal });

export const useQuizResults = (lessonId: number, paging: PageRequest) =>
  usePageQuery(
    quizResultKeys.students(lessonId, paging),
    (signal) => listQuizResults(lessonId, paging, signal),
    { fresh: true },
  );

/** Every student of the quiz matching `search`, for the CSV export: a page of PAGE_SIZE_MAX at a time. */
export const listAllQuizResults = async (lessonId: number, search: string): Promise<QuizStudentResult[]> => {
  const rows: QuizStudentResult[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listQuizResults(lessonId, { page, pageSize: PAGE_SIZE_MAX, search });
    rows.push(...answer.rows);
    if (answer.rows.length < PAGE_SIZE_MAX || rows.length >= answer.total) return rows;
  }
};

/** GET quizzes/GetQuizSummary/{id}: attempts, students, pass rate, the spread, the hardest questions. */
export const getQuizSummary = (lessonId: number, signal?: AbortSignal): Promise<QuizSummary> =>
  apiRequest(`quizzes/GetQuizSummary/${lessonId}`, { auth: true, signal });

export const useQuizSummary = (lessonId: number) =>
  useQuery({
    queryKey: quizResultKeys.summary(lessonId),
    queryFn: ({ signal }) => getQuizSummary(lessonId, signal),
    staleTime: 0,
  });

/** GET quizzes/GetStudentAttempts?user_Id&lesson_Id: a student's attempts at the quiz, first to last. */
export const getStudentAttempts = (
  lessonId: number,
  userId: number,
  signal?: AbortSignal,
): Promise<StudentAttempt[]> =>
  apiRequest('quizzes/GetStudentAttempts', {
    auth: true,
    signal,
    query: { user_Id: userId, lesson_Id: lessonId },
  });

export const useStudentAttempts = (lessonId: number, userId: number | null) =>
  useQuery({
    queryKey: quizResultKeys.studentAttempts(lessonId, userId ?? 0),
    queryFn: ({ signal }) => getStudentAttempts(lessonId, userId ?? 0, signal),
    enabled: userId !== null,
    staleTime: 0,
  });

/** POST quizzes/ResetAttempts: a student's attempts at a quiz deleted, so it starts again. */
export const resetAttempts = (body: { lesson_Id: number; user_Id: number }): Promise<ResetAttemptsResponse> =>
  apiRequest('quizzes/ResetAttempts', { method: 'POST', auth: true, body });

/** Resets a student's attempts; every list of the school's quiz results is read again. */
export const useResetAttempts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAttempts,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: quizResultKeys.all }),
  });
};
