import type {
  AssignedCourse,
  RegisterStudentBody,
  SaleRow,
  StudentRow,
  UserProfile,
} from '@skillwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const asList = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

export const studentKeys = {
  all: ['students'] as const,
  list: (orgId: string) => [...studentKeys.all, 'list', orgId] as const,
  profile: (email: string) => [...studentKeys.all, 'profile', email] as const,
  purchases: (userId: string) => [...studentKeys.all, 'purchases', userId] as const,
  courses: (userId: string) => [...studentKeys.all, 'courses', userId] as const,
  unassigned: (userId: string) => [...studentKeys.all, 'unassigned', userId] as const,
};

/** GET studentCourse/getStudentByOrgID/{org_Id}: the organisation's students (the server uses the token's). */
export const listStudents = async (orgId: string, signal?: AbortSignal): Promise<StudentRow[]> =>
  asList(await apiRequest<StudentRow[]>(`studentCourse/getStudentByOrgID/${orgId}`, { auth: true, signal }));

export const useStudents = (orgId: string) =>
  useQuery({
    queryKey: studentKeys.list(orgId),
    queryFn: ({ signal }) => listStudents(orgId, signal),
    staleTime: 0,
  });

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

/** GET orders/GetPurchasesByUserId/{user_id}: what the student bought from this organisation. */
export const listPurchases = async (userId: string, signal?: AbortSignal): Promise<SaleRow[]> =>
  asList(await apiRequest<SaleRow[]>(`orders/GetPurchasesByUserId/${userId}`, { auth: true, signal }));

export const usePurchases = (userId: string) =>
  useQuery({
    queryKey: studentKeys.purchases(userId),
    queryFn: ({ signal }) => listPurchases(userId, signal),
    enabled: userId !== '',
  });

/** GET studentCourse/GetAssignedCourses/{user_id}: the student's courses of this organisation, with progress. */
export const listStudentCourses = async (userId: string, signal?: AbortSignal): Promise<AssignedCourse[]> =>
  asList(
    await apiRequest<AssignedCourse[]>(`studentCourse/GetAssignedCourses/${userId}`, { auth: true, signal }),
  );

export const useStudentCourses = (userId: string) =>
  useQuery({
    queryKey: studentKeys.courses(userId),
    queryFn: ({ signal }) => listStudentCourses(userId, signal),
    enabled: userId !== '',
    staleTime: 0,
  });

export type UnassignedCourse = { course_Id: number; course_title: string; published: boolean };

/** GET courses/UnAssignedCourses/{user_id}: the organisation's courses the student does not have. */
export const listUnassignedCourses = async (
  userId: string,
  signal?: AbortSignal,
): Promise<UnassignedCourse[]> =>
  asList(await apiRequest<UnassignedCourse[]>(`courses/UnAssignedCourses/${userId}`, { auth: true, signal }));

export const useUnassignedCourses = (userId: string) =>
  useQuery({
    queryKey: studentKeys.unassigned(userId),
    queryFn: ({ signal }) => listUnassignedCourses(userId, signal),
    enabled: userId !== '',
    staleTime: 0,
  });

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

/** Enrol and remove, each reloading the student's courses, the courses left and the students list. */
export const useEnrolmentChanges = () => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: studentKeys.all });
  return {
    assign: useMutation({ mutationFn: assignCourse, onSuccess }),
    remove: useMutation({ mutationFn: removeAssignedCourse, onSuccess }),
  };
};
