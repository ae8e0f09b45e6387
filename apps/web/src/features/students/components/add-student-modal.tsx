import { MSG } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ChoiceField } from '@/components/ui/choice-field';
import { SelectField, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { SearchInput } from '@/components/ui/search-input';
import { ApiError } from '@/lib/api-client';
import { failureLink, MessageWithLink } from '@/lib/message-link';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { PAYMENT_CHOICES, type PaymentChoice, useRegisterStudent } from '../api/students';
import { EMPTY_STUDENT, newStudentBody, validateNewStudent } from '../lib/add-student';

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

/** A taken e-mail is said under the form in the spec's words, not beside the e-mail. */
const isEmailTaken = (error: unknown): boolean => error instanceof ApiError && error.code === 'EMAIL_TAKEN';

/**
 * SPEC §2.13 Add Students: name and e-mail required, an optional password, and optionally an
 * enrolment in one of the organisation's courses with whether the student paid. A taken e-mail shows
 * 'User already registerd' under the form; success says 'Student added successfully!'.
 */
export const AddStudentModal = ({ open, onClose, courses }: AddStudentModalProps) => {
  const register = useRegisterStudent();
  const form = useForm({
    initial: EMPTY_STUDENT,
    validate: (draft) => ({ fields: validateNewStudent(draft) }),
    serverFields: { name: 'name', email: 'email', password: 'password', courseId: 'course_Id' },
  });
  const draft = form.values;

  const close = () => {
    if (form.isSubmitting) return;
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    await register.mutateAsync(newStudentBody(values, courses.items));
    notify.success(MSG.studentAdded);
    form.reset();
    onClose();
  });

  const emailTaken = isEmailTaken(form.failure);
  // PLAN_LIMIT and any other refusal: the server names the plan and the limit.
  const refusal = emailTaken
    ? MSG.userAlreadyRegistered
    : form.failureMessage('The student could not be added. Please try again.');

  return (
    <Modal open={open} onClose={close} title="Add Students" className="max-w-xl">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField label="Name" name="name" autoComplete="off" required {...form.field('name')} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          {...form.field('email')}
          error={emailTaken ? undefined : form.error('email')}
        />
        <TextField
          label="Password"
          labelNote="(optional)"
          name="password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
          hint="Without one, the student is e-mailed how to choose a password."
        />
        <CheckboxField
          label="Enroll in a course"
          hint="Give the student access to one of your courses now."
          checked={draft.enroll}
          onChange={(checked) => form.setValue('enroll', checked)}
        />
        {draft.enroll ? (
          <>
            {courses.onSearch && (courses.searchText || (courses.total ?? 0) > courses.items.length) ? (
              <SearchInput
                label="Find a course by title"
                value={courses.searchText ?? ''}
                onChange={(text) => {
                  courses.onSearch?.(text);
                  form.setValue('courseId', '');
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
              {...form.field('courseId')}
            />
            <ChoiceField<PaymentChoice>
              legend="Did the student pay for it?"
              name="payment"
              value={draft.payment}
              options={PAYMENT_CHOICES.map((choice) => ({ value: choice, label: choice }))}
              onChange={(value) => form.setValue('payment', value)}
            />
          </>
        ) : null}
        <CheckboxField
          label="The student agreed to be added"
          hint="They know they will receive e-mails about their account and courses."
          checked={draft.consent}
          onChange={(checked) => form.setValue('consent', checked)}
        />
        {refusal ? (
          <Alert>
            <MessageWithLink message={refusal} link={failureLink(form.failure)} />
          </Alert>
        ) : null}
        <FormActions
          onCancel={close}
          isSubmitting={form.isSubmitting}
          submitLabel="Add Student"
          loadingText="Adding..."
          className="mt-2"
        />
      </form>
    </Modal>
  );
};
