import type { CourseDetail, PriceType } from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, objectFormData } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { courseKeys } from './courses';

export const courseAdminKeys = {
  details: (courseId: number) => [...courseKeys.all, 'admin', courseId] as const,
  priceTypes: () => ['priceTypes'] as const,
};

/** GET courses/details/{id} with the organisation's token: its own courses, published or not. */
export const getAdminCourse = (courseId: number, signal?: AbortSignal): Promise<CourseDetail> =>
  apiRequest(`courses/details/${courseId}`, { auth: true, signal });

export const useAdminCourse = (courseId: number | null) =>
  useQuery({
    queryKey: courseAdminKeys.details(courseId ?? 0),
    queryFn: ({ signal }) => getAdminCourse(courseId ?? 0, signal),
    enabled: courseId !== null,
    staleTime: 0,
  });

/** GET pricetype/GetAllPriceTypes (DESIGN decision 6: the spec shows no path). */
export const listPriceTypes = async (signal?: AbortSignal): Promise<PriceType[]> => {
  const list = await apiRequest<PriceType[] | null>('pricetype/GetAllPriceTypes', { auth: true, signal });
  return Array.isArray(list) ? list : [];
};

export const usePriceTypes = () =>
  useQuery({
    queryKey: courseAdminKeys.priceTypes(),
    queryFn: ({ signal }) => listPriceTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type CourseInput = {
  title: string;
  description: string;
  /** Dollars as typed, e.g. '19.99'. */
  price: string;
  priceTypeId: number;
  categoryId: number;
  authorId: number;
  certificate: boolean;
  /** Each lesson opens once the one before it is completed (an addition, docs/decisions/032). */
  lessonsInOrder: boolean;
  /** Required to create; optional to update (the current cover stays). */
  cover: File | null;
};

const courseForm = (input: CourseInput, extra: Record<string, number> = {}) =>
  objectFormData(
    {
      ...extra,
      author_id: input.authorId,
      course_title: input.title,
      course_description: input.description,
      price: input.price,
      price_type_Id: input.priceTypeId,
      certificate: input.certificate,
      lessons_in_order: input.lessonsInOrder,
      category_id: input.categoryId,
      org_Id: storage.get('orgId') ?? '',
    },
    { fileName: input.cover },
  );

/** POST courses/createCourse (multipart). */
export const createCourse = (input: CourseInput): Promise<CourseDetail> =>
  apiRequest('courses/createCourse', { method: 'POST', auth: true, form: courseForm(input) });

/** PUT courses/updateCourse (multipart, plus Object.course_Id). */
export const updateCourse = (courseId: number, input: CourseInput): Promise<CourseDetail> =>
  apiRequest('courses/updateCourse', {
    method: 'PUT',
    auth: true,
    form: courseForm(input, { course_Id: courseId }),
  });

/** Create when there is no course id, update otherwise; the lists and the details are refreshed. */
export const useSaveCourse = (courseId: number | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseInput) =>
      courseId === null ? createCourse(input) : updateCourse(courseId, input),
    onSuccess: (course) => {
      queryClient.setQueryData(courseAdminKeys.details(course.course_Id), course);
      return queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
};

/**
 * PUT courses/publishUnpublishCourse; `withSectionsAndLessons` (an addition, docs/decisions/017) publishes
 * every section and lesson of the course with it, in one transaction.
 */
export const publishCourse = (
  courseId: number,
  published: boolean,
  withSectionsAndLessons = false,
): Promise<CourseDetail> =>
  apiRequest('courses/publishUnpublishCourse', {
    method: 'PUT',
    auth: true,
    body: { Id: courseId, published, ...(withSectionsAndLessons ? { withSectionsAndLessons } : {}) },
  });

export type PublishCourseInput = { published: boolean; withSectionsAndLessons?: boolean };

export const usePublishCourse = (courseId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ published, withSectionsAndLessons }: PublishCourseInput) =>
      publishCourse(courseId, published, withSectionsAndLessons),
    onSuccess: (course) => {
      queryClient.setQueryData(courseAdminKeys.details(courseId), course);
      return queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
};
