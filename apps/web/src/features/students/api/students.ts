import {
  type AssignedCourse,
  PAGE_SIZE_MAX,
  type Paged,
  type RegisterStudentBody,
  type SaleRow,
  type SetStudentReleaseBody,
  type StudentRelease,
  type StudentRow,
  type UserProfile,
} from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';
import { usePageQuery } from '@/lib/paging';

/** A page of My Students: `enrolled` keeps those with (true) or without (false) a course of the organisation. */
export type StudentsRequest = PageRequest & { enrolled?: boolean | undefined };

export const studentKeys = {
  all: ['students'] as const,
  list: (orgId: string, paging: StudentsRequest) => [...studentKeys.all, 'list', orgId, paging] as const,
  profile: (email: string) => [...studentKeys.all, 'profile', email] as const,
  purchases: (userId: string, paging: PageRequest) =>
    [...studentKeys.all, 'purchases', userId, paging] as const,
  courses: (userId: string, paging: PageRequest) => [...studentKeys.all, 'courses', userId, paging] as const,
  unassigned: (userId: string, paging: PageRequest) =>
    [...studentKeys.all, 'unassigned', userId, paging] as const,
};

/**
 * GET studentCourse/getStudentByOrgID/{org_Id}?page&pageSize&search&enrolled: one page of the
 * organisation's students (the server uses the token's), searched by name or e-mail, optionally only
 * the enrolled or the not enrolled ones.
 */
export const listStudents = (
  orgId: string,
  { enrolled, ...paging }: StudentsRequest,
  signal?: AbortSignal,
): Promise<Paged<StudentRow>> =>
  apiPage<StudentRow>(`studentCourse/getStudentByOrgID/${orgId}`, paging, {
    auth: true,
    signal,
    query: { enrolled },
  });

export const useStudents = (orgId: string, paging: StudentsRequest) =>
  usePageQuery(studentKeys.list(orgId, paging), (signal) => listStudents(orgId, paging, signal), {
    fresh: true,
  });

/**
 * Every student matching `search` and the `enrolled` filter, for the CSV export a publisher asks for:
 * read a page of PAGE_SIZE_MAX at a time, so no answer is larger than a list call allows.
 */
export const listAllStudents = async (
  orgId: string,
  search: string,
  enrolled?: boolean,
): Promise<StudentRow[]> => {
  const students: StudentRow[] = [];
  for (let page = 1; ; page += 1) {
    const { rows, total } = await listStudents(orgId, { page, pageSize: PAGE_SIZE_MAX, search, enrolled });
    students.push(...rows);
    if (rows.length < PAGE_SIZE_MAX || students.length >= total) return students;
  }
};

/** SPEC §3 "New student form": whether they paid is one of two answers. */
export const PAYMENT_CHOICES = ["They didn't.", "It's free"] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

/** The Add Students form as sent: the contract's body with the spec's two payment answers. */
export type NewStudentBody = RegisterStudentBody & { payment: PaymentChoice };

export type NewStudentAnswer = { message: string; user_id: number; enrolled: boolean };

/** POST studentCourse/registerStudent (JSON): 201, or 409 when the e-mail is taken or the plan is full. */
export const registerStudent = (body: NewStudentBody): Promise<NewStudentAnswer> =>
  apiRequest('studentCourse/registerStudent', { method: 'POST', auth: true, body });

export const useRegisterStudent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
};

/** GET users/getUserByemailID?email= */
export const getStudentProfile = (email: string, signal?: AbortSignal): Promise<UserProfile> =>
  apiRequest('users/getUserByemailID', { query: { email }, auth: true, signal });

export const useStudentProfile = (email: string) =>
  useQuery({
    queryKey: studentKeys.profile(email),
    queryFn: ({ signal }) => getStudentProfile(email, signal),
    enabled: email !== '',
  });

export type ProfileChange = { email: string; fullName: string; password?: string };

/** PUT users/changeUserProfile: a new name, and a new password only when one was typed. */
export const changeStudentProfile = ({ email, fullName, password }: ProfileChange): Promise<unknown> =>
  apiRequest('users/changeUserProfile', {
    method: 'PUT',
    auth: true,
    body: {
      email,
      fullName,
      ...(password ? { password } : {}),
      is_active: true,
      VerificationCode: '',
      Verified: true,
      pwresetRequest: false,
    },
  });

export const useChangeStudentProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStudentProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
};

/** GET orders/GetPurchasesByUserId/{user_id}?page&pageSize: one page of what the student bought from this organisation. */
export const listPurchases = (
  userId: string,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<SaleRow>> =>
  apiPage<SaleRow>(`orders/GetPurchasesByUserId/${userId}`, paging, { auth: true, signal });

export const usePurchases = (userId: string, paging: PageRequest) =>
  usePageQuery(studentKeys.purchases(userId, paging), (signal) => listPurchases(userId, paging, signal), {
    enabled: userId !== '',
  });

/**
 * GET studentCourse/GetAssignedCourses/{user_id}?page&pageSize: one page of the student's courses of
 * this organisation, with progress.
 */
export const listStudentCourses = (
  userId: string,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<AssignedCourse>> =>
  apiPage<AssignedCourse>(`studentCourse/GetAssignedCourses/${userId}`, paging, { auth: true, signal });

export const useStudentCourses = (userId: string, paging: PageRequest) =>
  usePageQuery(studentKeys.courses(userId, paging), (signal) => listStudentCourses(userId, paging, signal), {
    enabled: userId !== '',
    fresh: true,
  });

export type UnassignedCourse = { course_Id: number; course_title: string; published: boolean };

/**
 * GET courses/UnAssignedCourses/{user_id}?page&pageSize&search&published=true: the organisation's
 * published courses the student does not have (only those can be studied), a page at a time, searched by
 * title.
 */
export const listUnassignedCourses = (
  userId: string,
  paging: PageRequest,
  signal?: AbortSignal,
): Promise<Paged<UnassignedCourse>> =>
  apiPage<UnassignedCourse>(`courses/UnAssignedCourses/${userId}`, paging, {
    auth: true,
    signal,
    query: { published: true },
  });

export const useUnassignedCourses = (userId: string, paging: PageRequest) =>
  usePageQuery(
    studentKeys.unassigned(userId, paging),
    (signal) => listUnassignedCourses(userId, paging, signal),
    { enabled: userId !== '', fresh: true },
  );

export type Assignment = { userId: number; courseId: number };

/** POST studentCourse/AssignCoursetoStudent?user_id=&course_id= */
export const assignCourse = ({ userId, courseId }: Assignment): Promise<{ message: string }> =>
  apiRequest('studentCourse/AssignCoursetoStudent', {
    method: 'POST',
    auth: true,
    query: { user_id: userId, course_id: courseId },
  });

/** DELETE studentCourse/DeleteAssignedCourse?user_id=&course_id=: a purchased course answers 409. */
export const removeAssignedCourse = ({ userId, courseId }: Assignment): Promise<{ message: string }> =>
  apiRequest('studentCourse/DeleteAssignedCourse', {
    method: 'DELETE',
    auth: true,
    query: { user_id: userId, course_id: courseId },
  });

/**
 * POST studentCourse/SetStudentRelease (an addition, docs/decisions/032): move the student's start in a
 * course, or open every section for them.
 */
export const setStudentRelease = (body: SetStudentReleaseBody): Promise<StudentRelease> =>
  apiRequest('studentCourse/SetStudentRelease', { method: 'POST', auth: true, body });

/**
 * Enrol, remove and change a student's release, each reloading the student's courses, the courses left
 * and the students list.
 */
export const useEnrolmentChanges = () => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: studentKeys.all });
  return {
    assign: useMutation({ mutationFn: assignCourse, onSuccess }),
    remove: useMutation({ mutationFn: removeAssignedCourse, onSuccess }),
    release: useMutation({ mutationFn: setStudentRelease, onSuccess }),
  };
};
