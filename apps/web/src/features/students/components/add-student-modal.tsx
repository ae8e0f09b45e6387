import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ChoiceField } from '@/components/ui/choice-field';
import { SelectField, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { SearchInput } from '@/components/ui/search-input';
import { ApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
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

/** The spec's two payment answers (the values sent) in the reader's language. */
const PAYMENT_LABELS: Record<PaymentChoice, MessageId> = {
  "They didn't.": 'admin.students.add.paymentNo',
  "It's free": 'admin.students.add.paymentFree',
};

/** A taken e-mail is said under the form in the spec's words, not beside the e-mail. */
const isEmailTaken = (error: unknown): boolean => error instanceof ApiError && error.code === 'EMAIL_TAKEN';

/**
 * SPEC §2.13 Add Students: name and e-mail required, an optional password, and optionally an
 * enrolment in one of the organisation's courses with whether the student paid. A taken e-mail shows
 * 'User already registerd' under the form; success says 'Student added successfully!'.
 */
export const AddStudentModal = ({ open, onClose, courses }: AddStudentModalProps) => {
  const t = useT();
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
    notify.success(t('common.msg.studentAdded'));
    form.reset();
    onClose();
  });

  const emailTaken = isEmailTaken(form.failure);
  // PLAN_LIMIT and any other refusal: the server names the plan and the limit.
  const refusal = emailTaken
    ? t('common.msg.userAlreadyRegistered')
    : form.failureMessage(t('admin.students.add.failed'));

  return (
    <Modal open={open} onClose={close} title={t('admin.students.add.title')} className="max-w-xl">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('admin.students.add.name')}
          name="name"
          autoComplete="off"
          required
          {...form.field('name')}
        />
        <TextField
          label={t('admin.students.add.email')}
          name="email"
          type="email"
          autoComplete="off"
          required
          {...form.field('email')}
          error={emailTaken ? undefined : form.error('email')}
        />
        <TextField
          label={t('admin.students.add.password')}
          labelNote={t('admin.students.optional')}
          name="password"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
          hint={t('admin.students.add.passwordHint')}
        />
        <CheckboxField
          label={t('admin.students.add.enroll')}
          hint={t('admin.students.add.enrollHint')}
          checked={draft.enroll}
          onChange={(checked) => form.setValue('enroll', checked)}
        />
        {draft.enroll ? (
          <>
            {courses.onSearch && (courses.searchText || (courses.total ?? 0) > courses.items.length) ? (
              <SearchInput
                label={t('admin.students.findCourse')}
                value={courses.searchText ?? ''}
                onChange={(text) => {
                  courses.onSearch?.(text);
                  form.setValue('courseId', '');
                }}
              />
            ) : null}
            <SelectField
              label={t('admin.students.course')}
              name="course"
              placeholder={
                courses.isLoading ? t('admin.students.loadingCourses') : t('admin.students.selectCourse')
              }
              options={courses.items.map((course) => ({
                value: course.course_Id,
                label: course.published
                  ? course.course_title
                  : t('admin.students.add.draft', { title: course.course_title }),
              }))}
              {...form.field('courseId')}
            />
            <ChoiceField<PaymentChoice>
              legend={t('admin.students.add.paid')}
              name="payment"
              value={draft.payment}
              options={PAYMENT_CHOICES.map((choice) => ({ value: choice, label: t(PAYMENT_LABELS[choice]) }))}
              onChange={(value) => form.setValue('payment', value)}
            />
          </>
        ) : null}
        <CheckboxField
          label={t('admin.students.add.consent')}
          hint={t('admin.students.add.consentHint')}
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
          submitLabel={t('admin.students.add.submit')}
          loadingText={t('admin.students.add.adding')}
          className="mt-2"
        />
      </form>
    </Modal>
  );
};
