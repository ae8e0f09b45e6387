import type { AssignedCourse } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { formatDate, formatDay } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useEnrolmentChanges } from '../api/students';

/** When the student's scheduled sections count from, and whether everything is open, in a few words. */
export const releaseSummary = (course: AssignedCourse): string => {
  if (course.release_all) return 'Every section open';
  if (course.release_start_at) return `Starts ${formatDay(course.release_start_at.slice(0, 10))}`;
  return `Starts ${formatDate(course.enrolled_date)} (enrolment)`;
};

type ReleaseValues = { startDay: string; releaseAll: boolean };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The school moves one student's start in a course (where "days after enrolment" count from; empty: the
 * enrolment's date) or opens every section for them (docs/decisions/032).
 */
export const StudentReleaseDialog = ({
  userId,
  course,
  onClose,
}: {
  userId: number;
  course: AssignedCourse | null;
  onClose: () => void;
}) => {
  const { release } = useEnrolmentChanges();
  const form = useForm<ReleaseValues>({
    initial: {
      startDay: course?.release_start_at?.slice(0, 10) ?? '',
      releaseAll: course?.release_all ?? false,
    },
    validate: ({ startDay }) =>
      startDay === '' || DAY.test(startDay)
        ? null
        : { fields: { startDay: 'Choose a day, or leave it empty for the enrolment’s date.' } },
    serverFields: { startDay: 'release_start_at', releaseAll: 'release_all' },
  });

  const onSubmit = form.handleSubmit(async ({ startDay, releaseAll }) => {
    if (!course) return;
    await release.mutateAsync({
      user_Id: userId,
      course_Id: course.course_Id,
      release_start_at: startDay === '' ? null : startDay,
      release_all: releaseAll,
    });
    notify.success('Schedule saved.');
    onClose();
  });
  const problem = form.problem ?? form.failureMessage('The schedule could not be saved. Please try again.');

  return (
    <Modal open={course !== null} onClose={onClose} title="Release schedule">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-sm break-words text-slate-600">
          {course?.course_title}: sections that open some days after enrolment count from this student’s
          start.
        </p>
        <TextField
          label="Start"
          labelNote="(optional)"
          name="release_start_at"
          type="date"
          hint={`Empty: the enrolment’s date (${course ? formatDate(course.enrolled_date) : ''}).`}
          {...form.field('startDay')}
        />
        <CheckboxField
          label="Open every section now"
          hint="Whatever each section’s schedule says."
          checked={form.values.releaseAll}
          onChange={(checked) => form.setValue('releaseAll', checked)}
        />
        {problem ? <Alert>{problem}</Alert> : null}
        <FormActions onCancel={onClose} isSubmitting={form.isSubmitting} submitLabel="Save" />
      </form>
    </Modal>
  );
};
