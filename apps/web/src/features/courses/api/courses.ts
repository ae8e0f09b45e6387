import type {
  AssignedCourse,
  CatalogueCategory,
  CourseDetail,
  CourseListItem,
  Paged,
} from '@skillwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';
import { type CatalogueFilters, catalogueParams, NO_FILTERS } from '../lib/catalogue-filters';

export const courseKeys = {
  all: ['courses'] as const,
  catalogue: (paging: PageRequest, filters: CatalogueFilters = NO_FILTERS, school?: string) =>
    [...courseKeys.all, 'catalogue', paging, catalogueParams(filters), school ?? null] as const,
  catalogueCategories: () => [...courseKeys.all, 'catalogue-categories'] as const,
  details: (courseId: number) => [...courseKeys.all, 'details', courseId] as const,
  organisation: (orgId: string, paging: PageRequest) =>
    [...courseKeys.all, 'organisation', orgId, paging] as const,
  assigned: (userId: string, paging: PageRequest) => [...courseKeys.all, 'assigned', userId, paging] as const,
};

/**
 * GET courses/GetAllCoursesDetail?page&pageSize&search&category&price&sort&school: one page of the public
 * catalogue, searched, filtered and sorted; with `school` (a school site's address) only its courses.
 */
export const listCatalogue = (
  paging: PageRequest,
  filters: CatalogueFilters = NO_FILTERS,
  signal?: AbortSignal,
  school?: string,
): Promise<Paged<CourseListItem>> =>
  apiPage<CourseListItem>('courses/GetAllCoursesDetail', paging, {
    query: { ...catalogueParams(filters), ...(school ? { school } : {}) },
    signal,
  });

/** One page of the catalogue (of one school's site); the page before stays on screen while the next one loads. */
export const useCatalogue = (paging: PageRequest, filters: CatalogueFilters = NO_FILTERS, school?: string) =>
  usePageQuery(courseKeys.catalogue(paging, filters, school), (signal) =>
    listCatalogue(paging, filters, signal, school),
  );

/** GET courses/GetCatalogueCategories: the category names of the published courses, for the filter. */
export const useCatalogueCategories = () =>
  useQuery({
    queryKey: courseKeys.catalogueCategories(),
    queryFn: ({ signal }) => apiRequest<CatalogueCategory[]>('courses/GetCatalogueCategories', { signal }),
  });

/** GET courses/details/{id}: one published course for anyone (its own staff also see it unpublished). */
export const getCourseDetails = (courseId: number, signal?: AbortSignal): Promise<CourseDetail> =>
  apiRequest(`courses/details/${courseId}`, { signal });

export const useCourseDetails = (courseId: number | null) =>
  useQuery({
    queryKey: courseKeys.details(courseId ?? 0),
    queryFn: ({ signal }) => getCourseDetails(courseId ?? 0, signal),
    enabled: courseId !== null,
  });

/** GET courses/GetCoursesbyOrgId?org_Id=&page&pageSize&search: the organisation's own courses, published or not. */
export const listOrganisationCourses = (
  orgId: string,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<CourseListItem>> =>
  apiPage<CourseListItem>('courses/GetCoursesbyOrgId', paging, {
    query: { org_Id: orgId },
    auth: true,
    signal,
  });

export const useOrganisationCourses = (
  orgId: string,
  paging: PageRequest,
  { enabled = true }: { enabled?: boolean } = {},
) =>
  usePageQuery(
    courseKeys.organisation(orgId, paging),
    (signal) => listOrganisationCourses(orgId, paging, signal),
    { enabled },
  );

/** GET studentCourse/GetAssignedCourses/{user_id}?page&pageSize&search: the courses a student is enrolled in. */
export const listAssignedCourses = (
  userId: string,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<AssignedCourse>> =>
  apiPage<AssignedCourse>(`studentCourse/GetAssignedCourses/${userId}`, paging, { auth: true, signal });

export const useAssignedCourses = (userId: string, paging: PageRequest) =>
  usePageQuery(courseKeys.assigned(userId, paging), (signal) => listAssignedCourses(userId, paging, signal));
