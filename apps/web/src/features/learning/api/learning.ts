import { type AssignedCourse, type Lesson, MSG, ROLE, type Section } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { hasAuthToken, storage } from '@/lib/storage';

const asList = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const learningKeys = {
  all: ['learning'] as const,
  preview: (courseId: number) => [...learningKeys.all, 'preview', courseId] as const,
  sections: (courseId: number) => [...learningKeys.all, 'sections', courseId] as const,
  enrolment: (userId: string, courseId: number) =>
    [...learningKeys.all, 'enrolment', userId, courseId] as const,
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

export const useCourseSections = (courseId: number) =>
  useQuery({
    queryKey: learningKeys.sections(courseId),
    queryFn: ({ signal }) => listCourseSections(courseId, signal),
    // Signed URLs age: never serve a list kept from an earlier visit without asking again.
    staleTime: 0,
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
  });

/** Whether the signed-in student owns the course (the enrolment check above); false for anyone else. */
export const useOwnsCourse = (courseId: number | null): boolean => {
  const isStudent = storage.get('currentUserRole') === String(ROLE.STUDENT) && hasAuthToken();
  const enrolment = useEnrolment(storage.get('userId') ?? '', courseId, isStudent);
  return courseId !== null && (enrolment.data?.length ?? 0) > 0;
};

/** GET lessons/GetLessonContentUrl/{id}: a fresh signed URL when the one the player has expired. */
export const getLessonContentUrl = async (lessonId: number): Promise<string | null> => {
  const answer = await apiRequest<{ lesson_Id: number; content_path: string | null }>(
    `lessons/GetLessonContentUrl/${lessonId}`,
  );
  return answer?.content_path ?? null;
};

/**
 * PUT lessons/ChangeLessonStartedFlag: the same two fields in the query and the body (SPEC §7).
 * SPEC §5: without a lesson id nothing is sent.
 */
export const changeLessonStarted = (
  lessonId: number | null | undefined,
  lessonstarted: boolean,
): Promise<{ lesson_Id: number; lessonstarted: boolean }> => {
  if (!lessonId) return Promise.reject(new ApiError(MSG.missingLessonId, { status: 400 }));
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
