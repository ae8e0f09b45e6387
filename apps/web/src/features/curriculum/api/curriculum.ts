import type { ContentType, Lesson, ReleaseMode, Section } from '@skillwise/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, objectFormData } from '@/lib/api-client';
import type { UploadListener } from '../lib/upload-progress';
import { anyVideoProcessing, VIDEO_PROCESSING_POLL_MS } from '../lib/video-state';

export const curriculumKeys = {
  all: ['sections'] as const,
  sections: (courseId: number) => [...curriculumKeys.all, courseId] as const,
};

/** GET courseSections/GetCourseSectionsByCourseId/{id}: sections in order, each with its lessons. */
export const listSections = async (courseId: number, signal?: AbortSignal): Promise<Section[]> => {
  const list = await apiRequest<Section[] | null>(`courseSections/GetCourseSectionsByCourseId/${courseId}`, {
    auth: true,
    signal,
  });
  return Array.isArray(list) ? list : [];
};

/** The curriculum, asked again every few seconds while a video's streaming copies are being made. */
export const useSections = (courseId: number) =>
  useQuery({
    queryKey: curriculumKeys.sections(courseId),
    queryFn: ({ signal }) => listSections(courseId, signal),
    staleTime: 0,
    refetchInterval: (query) => (anyVideoProcessing(query.state.data) ? VIDEO_PROCESSING_POLL_MS : false),
  });

/** POST courseSections/InsertCourseSections: unpublished, empty, numbered after the others (SPEC §4). */
export const addSection = (courseId: number, name: string, sectionCount: number): Promise<Section> =>
  apiRequest('courseSections/InsertCourseSections', {
    method: 'POST',
    auth: true,
    body: {
      course_id: courseId,
      section_name: name,
      section_id: 0,
      section_description: '',
      published: false,
      order_number: sectionCount + 1,
    },
  });

/** When a section opens, as the Edit Section form sends it (docs/decisions/032). */
export type SectionRelease = {
  release_mode: ReleaseMode;
  /** A day, 'YYYY-MM-DD' (its start in UTC), for on_date. */
  release_at?: string;
  release_days?: number;
};

/**
 * PUT courseSections/UpdateCourseSections: a new name and, when given, when it opens (an addition),
 * keeping its place and state.
 */
export const renameSection = (section: Section, name: string, release?: SectionRelease): Promise<Section> =>
  apiRequest('courseSections/UpdateCourseSections', {
    method: 'PUT',
    auth: true,
    body: {
      Order_number: section.order_number,
      published: section.published,
      section_Id: section.section_Id,
      course_Id: section.course_Id,
      section_name: name,
      ...release,
    },
  });

/**
 * PUT courseSections/publishUnpublishSection; `withLessons` (an addition, docs/decisions/017) publishes
 * every lesson of the section with it, in one transaction.
 */
export const publishSection = (
  sectionId: number,
  published: boolean,
  withLessons = false,
): Promise<Section> =>
  apiRequest('courseSections/publishUnpublishSection', {
    method: 'PUT',
    auth: true,
    body: { Id: sectionId, published, ...(withLessons ? { withLessons } : {}) },
  });

/** DELETE courseSections/{id}: its lessons go with it. */
export const deleteSection = (sectionId: number): Promise<{ message: string }> =>
  apiRequest(`courseSections/${sectionId}`, { method: 'DELETE', auth: true });

export type LessonInput = {
  /** 0 creates a lesson; another id edits that lesson. */
  lessonId: number;
  title: string;
  /**
   * 'image' keeps the type of an image lesson from a bulk upload (edits without a new file); 'quiz' makes
   * or renames a quiz lesson, which has no file (docs/decisions/031).
   */
  contentType: ContentType | 'image' | 'quiz';
  sectionId: number;
  /** Sent only when chosen. */
  file: File | null;
  /** Told how a chosen file's upload goes (bytes, retries, the connection). */
  onUpload?: UploadListener | undefined;
  /** A text lesson written in the page: its HTML, sent in place of a file (docs/decisions/019). */
  contentHtml?: string | undefined;
};

/**
 * The add-lesson and edit-lesson forms both save through it. A chosen file goes resumably (tus, README
 * "Additions") with the lesson's fields, a new lesson's or an edited one's, so a cut connection or a
 * reload loses no more than the last chunk; everything else is POST lessons/createLessons (multipart).
 */
export const saveLesson = async (input: LessonInput): Promise<Lesson> => {
  if (input.file && input.contentType !== 'image' && input.contentType !== 'quiz') {
    const { uploadLessonFile } = await import('../lib/upload-lesson-file');
    return uploadLessonFile({ ...input, contentType: input.contentType, file: input.file });
  }
  return saveLessonForm(input);
};

/** POST lessons/createLessons (multipart). */
const saveLessonForm = (input: LessonInput): Promise<Lesson> =>
  apiRequest('lessons/createLessons', {
    method: 'POST',
    auth: true,
    form: objectFormData(
      {
        lesson_Id: input.lessonId,
        lesson_title: input.title,
        contentType: input.contentType,
        section_Id: input.sectionId,
        ...(input.contentHtml === undefined ? {} : { content_html: input.contentHtml }),
      },
      { fileName: input.file },
    ),
  });

/** PUT lessons/publishUnpublishLesson */
export const publishLesson = (lessonId: number, published: boolean): Promise<Lesson> =>
  apiRequest('lessons/publishUnpublishLesson', {
    method: 'PUT',
    auth: true,
    body: { Id: lessonId, published },
  });

/** PUT lessons/handleMakeRemovePreviewLesson */
export const previewLesson = (lessonId: number, makepreview: boolean): Promise<Lesson> =>
  apiRequest('lessons/handleMakeRemovePreviewLesson', {
    method: 'PUT',
    auth: true,
    body: { Id: lessonId, makepreview },
  });

/** DELETE lessons/{id} */
export const deleteLesson = (lessonId: number): Promise<{ message: string }> =>
  apiRequest(`lessons/${lessonId}`, { method: 'DELETE', auth: true });

/** PUT lessons/SaveLessonOrder (DESIGN decision 5, an addition): the section's lessons in their new order. */
export const saveLessonOrder = (sectionId: number, lessonIds: number[]): Promise<Lesson[]> =>
  apiRequest('lessons/SaveLessonOrder', {
    method: 'PUT',
    auth: true,
    body: { section_Id: sectionId, lesson_Ids: lessonIds },
  });

/** The section list with one section's lessons put in the given order. */
export const withLessonOrder = (sections: Section[], sectionId: number, lessonIds: number[]): Section[] =>
  sections.map((section) => {
    if (section.section_Id !== sectionId) return section;
    const byId = new Map(section.lessons.map((lesson) => [lesson.lesson_Id, lesson]));
    const ordered = lessonIds.flatMap((id) => {
      const lesson = byId.get(id);
      return lesson ? [lesson] : [];
    });
    const rest = section.lessons.filter((lesson) => !lessonIds.includes(lesson.lesson_Id));
    return {
      ...section,
      lessons: [...ordered, ...rest].map((lesson, index) => ({ ...lesson, order_number: index + 1 })),
    };
  });

const reload = (queryClient: QueryClient, courseId: number) =>
  queryClient.invalidateQueries({ queryKey: curriculumKeys.sections(courseId) });

/** Every change to a course's curriculum, each reloading its sections when it succeeds. */
export const useCurriculumMutations = (courseId: number) => {
  const queryClient = useQueryClient();
  const key = curriculumKeys.sections(courseId);
  const onSuccess = () => reload(queryClient, courseId);

  return {
    addSection: useMutation({
      mutationFn: ({ name, count }: { name: string; count: number }) => addSection(courseId, name, count),
      onSuccess,
    }),
    renameSection: useMutation({
      mutationFn: ({
        section,
        name,
        release,
      }: {
        section: Section;
        name: string;
        release?: SectionRelease;
      }) => renameSection(section, name, release),
      onSuccess,
    }),
    publishSection: useMutation({
      mutationFn: ({
        id,
        published,
        withLessons,
      }: {
        id: number;
        published: boolean;
        withLessons?: boolean;
      }) => publishSection(id, published, withLessons),
      onSuccess,
    }),
    deleteSection: useMutation({ mutationFn: deleteSection, onSuccess }),
    saveLesson: useMutation({ mutationFn: saveLesson, onSuccess }),
    publishLesson: useMutation({
      mutationFn: ({ id, published }: { id: number; published: boolean }) => publishLesson(id, published),
      onSuccess,
    }),
    previewLesson: useMutation({
      mutationFn: ({ id, preview }: { id: number; preview: boolean }) => previewLesson(id, preview),
      onSuccess,
    }),
    deleteLesson: useMutation({ mutationFn: deleteLesson, onSuccess }),
    /** Shown in the new order at once; put back as the server has it if saving fails. */
    saveLessonOrder: useMutation({
      mutationFn: ({ sectionId, lessonIds }: { sectionId: number; lessonIds: number[] }) =>
        saveLessonOrder(sectionId, lessonIds),
      onMutate: async ({ sectionId, lessonIds }) => {
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<Section[]>(key);
        if (previous) queryClient.setQueryData(key, withLessonOrder(previous, sectionId, lessonIds));
        return { previous };
      },
      onError: (_error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(key, context.previous);
      },
      onSettled: onSuccess,
    }),
  };
};
