import { ROLE } from '@skillwise/contracts';

const isStudent = (role: string | null) => role === String(ROLE.STUDENT);

export type EnrollStep = 'login' | 'check-ownership' | 'checkout';

/**
 * SPEC §2.4 Enroll Now: signed out it asks for a login; a student (role 3) must not buy a course it
 * already owns, so its enrolment is checked first; anyone else goes on to checkout.
 */
export const enrollStep = ({
  isSignedIn,
  role,
}: {
  isSignedIn: boolean;
  role: string | null;
}): EnrollStep => {
  if (!isSignedIn) return 'login';
  return isStudent(role) ? 'check-ownership' : 'checkout';
};

export type CourseGate = 'checking' | 'course' | 'details' | 'error';

type EnrolmentCheck = { isPending: boolean; isError: boolean; data: readonly unknown[] | undefined };

/**
 * SPEC §2.12 and DESIGN decision 4: a student's course view needs an enrolment (one element in the
 * GetAllCoursesByUserIdandCourseId answer); without one it shows the course detail with Enroll Now.
 * Anyone else (the course's staff) goes straight to the course; the server decides what they may see.
 */
export const courseGate = (role: string | null, check: EnrolmentCheck): CourseGate => {
  if (!isStudent(role)) return 'course';
  if (check.isPending) return 'checking';
  if (check.isError) return 'error';
  return (check.data?.length ?? 0) > 0 ? 'course' : 'details';
};
