import type { AssignedCourse } from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { formatDate, formatDay } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useEnrolmentChanges } from '../api/students';

/** When the student's scheduled sections count from, and whether everything is open, in a few words. */
export const releaseSummary = (course: AssignedCourse): string => {
  if (course.release_all) return t('admin.students.release.allOpen');
  if (course.release_start_at)
    return t('admin.students.release.starts', { day: formatDay(course.release_start_at.slice(0, 10)) });
  return t('admin.students.release.startsEnrolment', { day: formatDate(course.enrolled_date) });
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
        : { fields: { startDay: t('admin.students.release.dayInvalid') } },
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
    notify.success(t('admin.students.release.saved'));
    onClose();
  });
  const problem = form.problem ?? form.failureMessage(t('admin.students.release.saveFailed'));

  return (
    <Modal open={course !== null} onClose={onClose} title={t('admin.students.release.title')}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <p className="text-sm break-words text-slate-600">
          {t('admin.students.release.explain', { title: course?.course_title ?? '' })}
        </p>
        <TextField
          label={t('admin.students.release.start')}
          labelNote={t('admin.students.optional')}
          name="release_start_at"
          type="date"
          hint={t('admin.students.release.startHint', {
            day: course ? formatDate(course.enrolled_date) : '',
          })}
          {...form.field('startDay')}
        />
        <CheckboxField
          label={t('admin.students.release.openAll')}
          hint={t('admin.students.release.openAllHint')}
          checked={form.values.releaseAll}
          onChange={(checked) => form.setValue('releaseAll', checked)}
        />
        {problem ? <Alert>{problem}</Alert> : null}
        <FormActions
          onCancel={onClose}
          isSubmitting={form.isSubmitting}
          submitLabel={t('admin.students.save')}
        />
      </form>
    </Modal>
  );
};
