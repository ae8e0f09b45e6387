import { MSG } from '@skillwise/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceField } from '@/components/ui/choice-field';
import { SelectField, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { SearchInput } from '@/components/ui/search-input';
import { ApiError, errorMessage, fieldErrorFor } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { PAYMENT_CHOICES, type PaymentChoice, useRegisterStudent } from '../api/students';
import {
  type AddStudentDraft,
  type AddStudentErrors,
  EMPTY_STUDENT,
  newStudentBody,
  validateNewStudent,
} from '../lib/add-student';

export type CourseOption = { course_Id: number; course_title: string; published: boolean };

/**
 * The organisation's courses, brought by the page (courses feature): one page of them, with how many
 * there are and, when there are more than the page, a search the page sends to the server.
 */
export type CourseOptions = {
  items: CourseOption[];
  isLoading: boolean;
  total?: number;
  searchText?: string;
  onSearch?: (text: string) => void;
};

type AddStudentModalProps = {
  open: boolean;
  onClose: () => void;
  courses: CourseOptions;
};

/** A refusal shown under the form: the spec's text for a taken e-mail, the server's for the rest. */
const refusalOf = (error: unknown): string => {
  if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') return MSG.userAlreadyRegistered;
  // PLAN_LIMIT and any other refusal: the server names the plan and the limit.
  return errorMessage(error, 'The student could not be added. Please try again.');
};

const Checkbox = ({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) => (
  <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 hover:bg-slate-50">
    <input
      type="checkbox"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className="mt-0.5 size-4 shrink-0 accent-brand-600"
    />
    <span className="text-sm">
      <span className="block font-medium text-slate-800">{label}</span>
      {hint ? <span className="block text-slate-500">{hint}</span> : null}
    </span>
  </label>
);

/**
 * SPEC §2.13 Add Students: name and e-mail required, an optional password, and optionally an
 * enrolment in one of the organisation's courses with whether the student paid. A taken e-mail shows
 * 'User already registerd' under the form; success says 'Student added successfully!'.
 */
export const AddStudentModal = ({ open, onClose, courses }: AddStudentModalProps) => {
  const register = useRegisterStudent();
  const [draft, setDraft] = useState<AddStudentDraft>(EMPTY_STUDENT);
  const [errors, setErrors] = useState<AddStudentErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const set = <K extends keyof AddStudentDraft>(key: K, value: AddStudentDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setRefusal(null);
  };

  const close = () => {
    if (register.isPending) return;
    setDraft(EMPTY_STUDENT);
    setErrors({});
    setRefusal(null);
    register.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateNewStudent(draft);
    setErrors(problems);
    setRefusal(null);
    if (Object.values(problems).some(Boolean)) return;
    try {
      await register.mutateAsync(newStudentBody(draft, courses.items));
      notify.success(MSG.studentAdded);
      setDraft(EMPTY_STUDENT);
      onClose();
    } catch (error) {
      setErrors({
        name: fieldErrorFor(error, 'name'),
        email:
          error instanceof ApiError && error.code === 'EMAIL_TAKEN'
            ? undefined
            : fieldErrorFor(error, 'email'),
        password: fieldErrorFor(error, 'password'),
        courseId: fieldErrorFor(error, 'course_Id'),
      });
      setRefusal(refusalOf(error));
    }
  };

  return (
    <Modal open={open} onClose={close} title="Add Students" className="max-w-xl">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          required
          value={draft.name}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          value={draft.email}
          onChange={(event) => set('email', event.target.value)}
          error={errors.email}
        />
        <TextField
          label="Password"
          labelNote="(optional)"
          name="password"
          type="password"
          autoComplete="new-password"
          value={draft.password}
          onChange={(event) => set('password', event.target.value)}
          error={errors.password}
          hint="Without one, the student is e-mailed how to choose a password."
        />
        <Checkbox
          label="Enroll in a course"
          hint="Give the student access to one of your courses now."
          checked={draft.enroll}
          onChange={(checked) => set('enroll', checked)}
        />
        {draft.enroll ? (
          <>
            {courses.onSearch && (courses.searchText || (courses.total ?? 0) > courses.items.length) ? (
              <SearchInput
                label="Find a course by title"
                value={courses.searchText ?? ''}
                onChange={(text) => {
                  courses.onSearch?.(text);
                  set('courseId', '');
                }}
              />
            ) : null}
            <SelectField
              label="Course"
              name="course"
              placeholder={courses.isLoading ? 'Loading courses...' : 'Select a course'}
              options={courses.items.map((course) => ({
                value: course.course_Id,
                label: course.published ? course.course_title : `${course.course_title} (draft)`,
              }))}
              value={draft.courseId}
              onChange={(event) => set('courseId', event.target.value)}
              error={errors.courseId}
            />
            <ChoiceField<PaymentChoice>
              legend="Did the student pay for it?"
              name="payment"
              value={draft.payment}
              options={PAYMENT_CHOICES.map((choice) => ({ value: choice, label: choice }))}
              onChange={(value) => set('payment', value)}
            />
          </>
        ) : null}
        <Checkbox
          label="The student agreed to be added"
          hint="They know they will receive e-mails about their account and courses."
          checked={draft.consent}
          onChange={(checked) => set('consent', checked)}
        />
        {refusal ? <Alert>{refusal}</Alert> : null}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={register.isPending}>
            Cancel
          </Button>
          <Button type="submit" isLoading={register.isPending} loadingText="Adding...">
            Add Student
          </Button>
        </div>
      </form>
    </Modal>
  );
};
