import type { AssignedCourse, CourseDetail, CourseListItem } from '@skillwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const asList = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const courseKeys = {
  all: ['courses'] as const,
  catalogue: () => [...courseKeys.all, 'catalogue'] as const,
  details: (courseId: number) => [...courseKeys.all, 'details', courseId] as const,
  organisation: (orgId: string) => [...courseKeys.all, 'organisation', orgId] as const,
  assigned: (userId: string) => [...courseKeys.all, 'assigned', userId] as const,
};

/** GET courses/GetAllCoursesDetail: the public catalogue. */
export const listCatalogue = async (signal?: AbortSignal): Promise<CourseListItem[]> =>
  asList(await apiRequest<CourseListItem[]>('courses/GetAllCoursesDetail', { signal }));

export const useCatalogue = () =>
  useQuery({ queryKey: courseKeys.catalogue(), queryFn: ({ signal }) => listCatalogue(signal) });

/** GET courses/details/{id}: one published course for anyone (its own staff also see it unpublished). */
export const getCourseDetails = (courseId: number, signal?: AbortSignal): Promise<CourseDetail> =>
  apiRequest(`courses/details/${courseId}`, { signal });

export const useCourseDetails = (courseId: number | null) =>
  useQuery({
    queryKey: courseKeys.details(courseId ?? 0),
    queryFn: ({ signal }) => getCourseDetails(courseId ?? 0, signal),
    enabled: courseId !== null,
  });

/** GET courses/GetCoursesbyOrgId?org_Id=: the organisation's own courses, published or not. */
export const listOrganisationCourses = async (
  orgId: string,
  signal?: AbortSignal,
): Promise<CourseListItem[]> =>
  asList(
    await apiRequest<CourseListItem[]>('courses/GetCoursesbyOrgId', {
      query: { org_Id: orgId },
      auth: true,
      signal,
    }),
  );

export const useOrganisationCourses = (orgId: string) =>
  useQuery({
    queryKey: courseKeys.organisation(orgId),
    queryFn: ({ signal }) => listOrganisationCourses(orgId, signal),
  });

/** GET studentCourse/GetAssignedCourses/{user_id}: the courses a student is enrolled in. */
export const listAssignedCourses = async (userId: string, signal?: AbortSignal): Promise<AssignedCourse[]> =>
  asList(
    await apiRequest<AssignedCourse[]>(`studentCourse/GetAssignedCourses/${userId}`, { auth: true, signal }),
  );

export const useAssignedCourses = (userId: string) =>
  useQuery({
    queryKey: courseKeys.assigned(userId),
    queryFn: ({ signal }) => listAssignedCourses(userId, signal),
  });
