import { emailSchema, PASSWORD_MIN } from '@skillwise/contracts';
import { t } from '@/lib/i18n/i18n';
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
  if (draft.name.trim() === '') errors.name = t('admin.students.add.nameRequired');
  if (draft.email.trim() === '') errors.email = t('admin.students.add.emailRequired');
  else if (!emailSchema.safeParse(draft.email).success) errors.email = t('admin.students.add.emailInvalid');
  if (draft.password !== '' && draft.password.length < PASSWORD_MIN) {
    errors.password = t('admin.students.add.passwordShort', { min: PASSWORD_MIN });
  }
  if (draft.enroll && draft.courseId === '') errors.courseId = t('admin.students.add.courseRequired');
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
