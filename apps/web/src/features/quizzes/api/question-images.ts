import type { QuestionImage } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, objectFormData } from '@/lib/api-client';

export type { QuestionImage };

/**
 * POST quizzes/UploadQuestionImage (multipart, docs/decisions/035): the quiz lesson first, then the
 * picture, so the server checks the lesson before storing a byte. Answers the key SaveQuiz takes in the
 * question's `image_key` and a URL to show it.
 */
export const uploadQuestionImage = (
  lessonId: number,
  file: File,
  signal?: AbortSignal,
): Promise<QuestionImage> =>
  apiRequest('quizzes/UploadQuestionImage', {
    method: 'POST',
    auth: true,
    form: objectFormData({ lesson_Id: lessonId }, { file }),
    signal,
  });

export const useUploadQuestionImage = () =>
  useMutation({
    mutationFn: ({ lessonId, file }: { lessonId: number; file: File }) => uploadQuestionImage(lessonId, file),
  });
