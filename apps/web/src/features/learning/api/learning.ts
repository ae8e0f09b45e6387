import {
  type AssignedCourse,
  type CourseProgress,
  type Lesson,
  type LessonProgress,
  type LessonVideo,
  progressText,
  ROLE,
  type SavedLessonProgress,
  type SaveLessonProgressBody,
  type Section,
} from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { refetchUnlessStartAnswer } from '@/lib/start-answers';
import { hasAuthToken, storage } from '@/lib/storage';

const asList = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const learningKeys = {
  all: ['learning'] as const,
  preview: (courseId: number) => [...learningKeys.all, 'preview', courseId] as const,
  sections: (courseId: number) => [...learningKeys.all, 'sections', courseId] as const,
  enrolment: (userId: string, courseId: number) =>
    [...learningKeys.all, 'enrolment', userId, courseId] as const,
  progress: (courseId: number) => [...learningKeys.all, 'progress', courseId] as const,
};

/**
 * GET courseSections/GetCourseSectionsByCourseIdForPreview/{id}, no token: the published curriculum of
 * a published course; `content_path` is a signed URL for preview lessons and null for the others.
 */
export const listPreviewSections = async (courseId: number, signal?: AbortSignal): Promise<Section[]> =>
  asList(
    await apiRequest<Section[]>(`courseSections/GetCourseSectionsByCourseIdForPreview/${courseId}`, {
      signal,
    }),
  );

export const usePreviewSections = (courseId: number | null) =>
  useQuery({
    queryKey: learningKeys.preview(courseId ?? 0),
    queryFn: ({ signal }) => listPreviewSections(courseId ?? 0, signal),
    enabled: courseId !== null,
  });

/**
 * GET courseSections/GetCourseSectionsByCourseId/{id} with the token: for an enrolled student, the
 * published curriculum with URLs signed for this viewer and `lessonstarted` per lesson.
 */
export const listCourseSections = async (courseId: number, signal?: AbortSignal): Promise<Section[]> =>
  asList(
    await apiRequest<Section[]>(`courseSections/GetCourseSectionsByCourseId/${courseId}`, {
      auth: true,
      signal,
    }),
  );

export const useCourseSections = (courseId: number, enabled = true) =>
  useQuery({
    queryKey: learningKeys.sections(courseId),
    queryFn: ({ signal }) => listCourseSections(courseId, signal),
    enabled,
    // Signed URLs age: never serve a list kept from an earlier visit without asking again.
    staleTime: 0,
    refetchOnMount: refetchUnlessStartAnswer,
  });

/**
 * GET studentCourse/GetAllCoursesByUserIdandCourseId/{userId}/{courseId}: one element when the student
 * is enrolled in the course, none otherwise (SPEC §2.4, §2.12).
 */
export const listEnrolments = async (
  userId: string,
  courseId: number,
  signal?: AbortSignal,
): Promise<AssignedCourse[]> =>
  asList(
    await apiRequest<AssignedCourse[]>(
      `studentCourse/GetAllCoursesByUserIdandCourseId/${userId}/${courseId}`,
      {
        auth: true,
        signal,
      },
    ),
  );

export const useEnrolment = (userId: string, courseId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: learningKeys.enrolment(userId, courseId ?? 0),
    queryFn: ({ signal }) => listEnrolments(userId, courseId ?? 0, signal),
    enabled: enabled && courseId !== null && userId !== '',
    staleTime: 0,
    refetchOnMount: refetchUnlessStartAnswer,
  });

/** Whether the signed-in student owns the course (the enrolment check above); false for anyone else. */
export const useOwnsCourse = (courseId: number | null): boolean => {
  const isStudent = storage.get('currentUserRole') === String(ROLE.STUDENT) && hasAuthToken();
  const enrolment = useEnrolment(storage.get('userId') ?? '', courseId, isStudent);
  return courseId !== null && (enrolment.data?.length ?? 0) > 0;
};

/** What a lesson's player plays: its file and, for a video lesson, its streaming copies (docs/decisions/043). */
export type LessonContent = { content_path: string | null; video?: LessonVideo | null | undefined };

/**
 * GET lessons/GetLessonContentUrl/{id}: fresh signed URLs when the ones the player has expired: the file's
 * and, for a video lesson, its stream's, poster's and captions'.
 */
export const getLessonContent = async (lessonId: number): Promise<LessonContent> => {
  const answer = await apiRequest<{ lesson_Id: number } & LessonContent>(
    `lessons/GetLessonContentUrl/${lessonId}`,
  );
  return { content_path: answer?.content_path ?? null, video: answer?.video ?? null };
};

/** The fresh signed URL of a lesson's file alone. */
export const getLessonContentUrl = async (lessonId: number): Promise<string | null> =>
  (await getLessonContent(lessonId)).content_path;

/**
 * PUT lessons/ChangeLessonStartedFlag: the same two fields in the query and the body (SPEC §7).
 * SPEC §5: without a lesson id nothing is sent.
 */
export const changeLessonStarted = (
  lessonId: number | null | undefined,
  lessonstarted: boolean,
): Promise<{ lesson_Id: number; lessonstarted: boolean }> => {
  if (!lessonId) return Promise.reject(new ApiError(t('common.msg.missingLessonId'), { status: 400 }));
  return apiRequest('lessons/ChangeLessonStartedFlag', {
    method: 'PUT',
    auth: true,
    query: { lesson_Id: lessonId, lessonstarted },
    body: { lesson_Id: lessonId, lessonstarted },
  });
};

/** The list with one lesson's started flag set, so the row is highlighted at once. */
export const withLessonStarted = (sections: Section[], lessonId: number, started: boolean): Section[] =>
  sections.map((section) =>
    section.lessons.some((lesson) => lesson.lesson_Id === lessonId)
      ? {
          ...section,
          lessons: section.lessons.map(
            (lesson): Lesson =>
              lesson.lesson_Id === lessonId ? { ...lesson, lessonstarted: started } : lesson,
          ),
        }
      : section,
  );

/** Marks a lesson started when its video first plays (SPEC §4) and highlights it in the course's list. */
export const useMarkLessonStarted = (courseId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: number | null) => changeLessonStarted(lessonId, true),
    onSuccess: ({ lesson_Id, lessonstarted }) => {
      const key = learningKeys.sections(courseId);
      const current = queryClient.getQueryData<Section[]>(key);
      if (current) queryClient.setQueryData(key, withLessonStarted(current, lesson_Id, lessonstarted));
    },
  });
};

/** GET studentCourse/GetCourseProgress/{id}: the student's own progress in the course (README "Additions"). */
export const getCourseProgress = async (courseId: number, signal?: AbortSignal): Promise<CourseProgress> => {
  const answer = await apiRequest<Partial<CourseProgress> | null>(
    `studentCourse/GetCourseProgress/${courseId}`,
    {
      auth: true,
      signal,
    },
  );
  const lessons = asList(answer?.lessons);
  const completed = lessons.filter((lesson) => lesson.completed).length;
  return {
    course_Id: courseId,
    totalLessons: lessons.length,
    completedLessons: completed,
    progress: progressText({ total: lessons.length, completed }),
    nextLesson_Id: typeof answer?.nextLesson_Id === 'number' ? answer.nextLesson_Id : null,
    lessons,
  };
};

export const useCourseProgress = (courseId: number, enabled = true) =>
  useQuery({
    queryKey: learningKeys.progress(courseId),
    queryFn: ({ signal }) => getCourseProgress(courseId, signal),
    enabled,
    staleTime: 0,
    refetchOnMount: refetchUnlessStartAnswer,
  });

/**
 * POST studentCourse/SaveLessonProgress: a position (the server completes a video or audio lesson once it
 * has seen 90% of it watched) or a completion (marked done, or undone). `keepalive` lets the save outlive
 * a page being left. The save that completes a course giving a certificate answers it in `certificate`.
 */
export const saveLessonProgress = (
  body: SaveLessonProgressBody,
  options: { keepalive?: boolean } = {},
): Promise<SavedLessonProgress> =>
  apiRequest<SavedLessonProgress>('studentCourse/SaveLessonProgress', {
    method: 'POST',
    auth: true,
    body,
    ...(options.keepalive ? { keepalive: true } : {}),
  });

/** The course's progress with one lesson's new state: counts, share and next lesson follow. */
export const withLessonProgress = (progress: CourseProgress, saved: LessonProgress): CourseProgress => {
  const lessons = progress.lessons.map((lesson) => (lesson.lesson_Id === saved.lesson_Id ? saved : lesson));
  const completed = lessons.filter((lesson) => lesson.completed).length;
  return {
    ...progress,
    lessons,
    completedLessons: completed,
    progress: progressText({ total: lessons.length, completed }),
    nextLesson_Id: lessons.find((lesson) => !lesson.completed)?.lesson_Id ?? null,
  };
};

/**
 * Saves a lesson's progress and keeps the course's progress in step. A completion that changed also
 * calls `onCompletionChange` with the answer (the page refreshes what shows the course's share
 * elsewhere, and congratulates on a certificate the save issued).
 */
export const useSaveLessonProgress = (
  courseId: number,
  onCompletionChange?: (saved: SavedLessonProgress) => void,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, keepalive }: { body: SaveLessonProgressBody; keepalive?: boolean }) =>
      saveLessonProgress(body, { keepalive: keepalive ?? false }),
    onSuccess: (saved) => {
      const key = learningKeys.progress(courseId);
      const current = queryClient.getQueryData<CourseProgress>(key);
      const before = current?.lessons.find((lesson) => lesson.lesson_Id === saved.lesson_Id);
      if (current) queryClient.setQueryData(key, withLessonProgress(current, saved));
      if (before?.completed !== saved.completed || saved.certificate) onCompletionChange?.(saved);
      // In a course whose lessons open in order, a completion opens (or closes) the next lesson.
      if (before !== undefined && before.completed !== saved.completed) {
        void queryClient.invalidateQueries({ queryKey: learningKeys.sections(courseId) });
      }
      if (saved.lessonstarted) {
        const sectionsKey = learningKeys.sections(courseId);
        const sections = queryClient.getQueryData<Section[]>(sectionsKey);
        if (sections)
          queryClient.setQueryData(sectionsKey, withLessonStarted(sections, saved.lesson_Id, true));
      }
    },
  });
};
