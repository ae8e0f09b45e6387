import type { CourseRating, MyReview, Paged, Review, SaveReviewBody } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';

export const reviewKeys = {
  all: ['reviews'] as const,
  course: (courseId: number) => [...reviewKeys.all, courseId] as const,
  rating: (courseId: number) => [...reviewKeys.course(courseId), 'rating'] as const,
  list: (courseId: number, paging: PageRequest) => [...reviewKeys.course(courseId), 'list', paging] as const,
  mine: (courseId: number) => [...reviewKeys.course(courseId), 'mine'] as const,
};

/** GET reviews/GetCourseRating/{id}: the average and number of the course's visible ratings. */
export const getCourseRating = async (courseId: number, signal?: AbortSignal): Promise<CourseRating> => {
  const answer = await apiRequest<Partial<CourseRating> | null>(`reviews/GetCourseRating/${courseId}`, {
    signal,
  });
  const count = typeof answer?.count === 'number' ? answer.count : 0;
  const average = typeof answer?.average === 'number' && count > 0 ? answer.average : null;
  return { course_Id: courseId, average, count };
};

export const useCourseRating = (courseId: number | null) =>
  useQuery({
    queryKey: reviewKeys.rating(courseId ?? 0),
    queryFn: ({ signal }) => getCourseRating(courseId ?? 0, signal),
    enabled: courseId !== null,
  });

/**
 * GET reviews/GetCourseReviews/{id}?page&pageSize: one page of the course's reviews, newest first (the
 * course's publisher, signed in, also gets the hidden ones).
 */
export const listCourseReviews = (
  courseId: number,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<Review>> => apiPage<Review>(`reviews/GetCourseReviews/${courseId}`, paging, { signal });

export const useCourseReviews = (courseId: number, paging: PageRequest) =>
  usePageQuery(reviewKeys.list(courseId, paging), (signal) => listCourseReviews(courseId, paging, signal));

/** GET reviews/GetMyCourseReview/{id}: whether the signed-in student may review, and its review. */
export const getMyReview = async (courseId: number, signal?: AbortSignal): Promise<MyReview> => {
  const answer = await apiRequest<Partial<MyReview> | null>(`reviews/GetMyCourseReview/${courseId}`, {
    auth: true,
    signal,
  });
  return { course_Id: courseId, canReview: answer?.canReview === true, review: answer?.review ?? null };
};

export const useMyReview = (courseId: number, enabled: boolean) =>
  useQuery({
    queryKey: reviewKeys.mine(courseId),
    queryFn: ({ signal }) => getMyReview(courseId, signal),
    enabled,
  });

/** POST reviews/SaveCourseReview: the student's rating and comment, created or changed. */
export const saveReview = (body: SaveReviewBody): Promise<Review> =>
  apiRequest<Review>('reviews/SaveCourseReview', { method: 'POST', auth: true, body });

export const useSaveReview = (courseId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.course(courseId) }),
  });
};

/** PUT reviews/hideUnhideReview: the publisher hides a review of its course, or shows it again. */
export const setReviewHidden = (reviewId: number, hidden: boolean): Promise<Review> =>
  apiRequest<Review>('reviews/hideUnhideReview', {
    method: 'PUT',
    auth: true,
    body: { Id: reviewId, hidden },
  });

export const useSetReviewHidden = (courseId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, hidden }: { reviewId: number; hidden: boolean }) =>
      setReviewHidden(reviewId, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.course(courseId) }),
  });
};
