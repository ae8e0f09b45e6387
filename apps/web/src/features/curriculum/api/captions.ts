import type { LessonCaption } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const captionKeys = {
  lesson: (lessonId: number) => ['captions', lessonId] as const,
};

/** GET lessons/GetCaptions/{id}: a video lesson's captions, by language (README "Additions"). */
export const listCaptions = (lessonId: number, signal?: AbortSignal): Promise<LessonCaption[]> =>
  apiRequest(`lessons/GetCaptions/${lessonId}`, { auth: true, signal });

/**
 * POST lessons/UploadCaptions/{id} (multipart): the fields by their own names, so a refusal names
 * `language` or `file` as the form does; the file last, after the fields it is checked with.
 */
export const uploadCaptions = (
  lessonId: number,
  input: { language: string; file: File },
): Promise<LessonCaption[]> => {
  const form = new FormData();
  form.append('language', input.language);
  form.append('file', input.file);
  return apiRequest(`lessons/UploadCaptions/${lessonId}`, { method: 'POST', auth: true, form });
};

/** DELETE lessons/DeleteCaptions/{id}?language= */
export const deleteCaptions = (lessonId: number, language: string): Promise<LessonCaption[]> =>
  apiRequest(`lessons/DeleteCaptions/${lessonId}?language=${encodeURIComponent(language)}`, {
    method: 'DELETE',
    auth: true,
  });

/** A lesson's captions, and the calls that change them (each answers the new list, kept at once). */
export const useCaptions = (lessonId: number) => {
  const queryClient = useQueryClient();
  const key = captionKeys.lesson(lessonId);
  const onSuccess = (list: LessonCaption[]) => queryClient.setQueryData(key, list);
  return {
    list: useQuery({ queryKey: key, queryFn: ({ signal }) => listCaptions(lessonId, signal) }),
    upload: useMutation({
      mutationFn: (input: { language: string; file: File }) => uploadCaptions(lessonId, input),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (language: string) => deleteCaptions(lessonId, language), onSuccess }),
  };
};
