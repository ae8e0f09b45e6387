import { emailSchema, PASSWORD_MIN } from '@skillwise/contracts';
import type { NewStudentBody, PaymentChoice } from '../api/students';

export type AddStudentDraft = {
  name: string;
  email: string;
  password: string;
  enroll: boolean;
  courseId: string;
  consent: boolean;
  payment: PaymentChoice;
};

export type AddStudentErrors = Partial<Record<'name' | 'email' | 'password' | 'courseId', string>>;

export const EMPTY_STUDENT: AddStudentDraft = {
  name: '',
  email: '',
  password: '',
  enroll: false,
  courseId: '',
  consent: false,
  payment: "They didn't.",
};

/** SPEC §5 Add Student: name and a valid e-mail are required; the password is optional. */
export const validateNewStudent = (draft: AddStudentDraft): AddStudentErrors => {
  const errors: AddStudentErrors = {};
  if (draft.name.trim() === '') errors.name = 'Name is required.';
  if (draft.email.trim() === '') errors.email = 'Email is required.';
  else if (!emailSchema.safeParse(draft.email).success) errors.email = 'Please enter a valid e-mail address.';
  if (draft.password !== '' && draft.password.length < PASSWORD_MIN) {
    errors.password = `Password must be at least ${PASSWORD_MIN} characters.`;
  }
  if (draft.enroll && draft.courseId === '') errors.courseId = 'Choose the course to enrol the student in.';
  return errors;
};

/** The JSON of studentCourse/registerStudent; the course only when the student is enrolled. */
export const newStudentBody = (
  draft: AddStudentDraft,
  courses: ReadonlyArray<{ course_Id: number; course_title: string }>,
): NewStudentBody => {
  const course = draft.enroll ? courses.find((c) => String(c.course_Id) === draft.courseId) : undefined;
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    ...(draft.password ? { password: draft.password } : {}),
    enroll: course !== undefined,
    course_Id: course?.course_Id ?? '',
    course_title: course?.course_title ?? '',
    consent: draft.consent,
    payment: draft.payment,
  };
};
