import type { TeamMember } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { CourseChoice } from '@/features/courses';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useSetInstructorCourses } from '../api/team';

/**
 * An instructor's courses (docs/decisions/039): a checklist of the school's courses, saved as the whole
 * list at once (team/SetInstructorCourses). Courses the instructor made are theirs already.
 */
export const InstructorCoursesDialog = ({ member, onClose }: { member: TeamMember; onClose: () => void }) => {
  const t = useT();
  const save = useSetInstructorCourses();
  const [chosen, setChosen] = useState<number[]>(member.course_Ids);
  const form = useForm({ initial: {} });
  const onSubmit = form.handleSubmit(async () => {
    await save.mutateAsync({ user_Id: member.user_Id, course_Ids: chosen });
    notify.success(t('admin.team.courses.saved', { name: member.full_name }));
    onClose();
  });
  const failure = form.failureMessage(t('admin.team.courses.saveFailed'));
  return (
    <Modal
      open
      onClose={() => !form.isSubmitting && onClose()}
      title={t('admin.team.courses.title', { name: member.full_name })}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <p className="text-sm text-slate-600">{t('admin.team.courses.explain')}</p>
        <CourseChoice
          legend={t('admin.team.courses.of', { name: member.full_name })}
          chosen={chosen}
          onChoose={(courseId, isChosen) =>
            setChosen((current) =>
              isChosen ? [...current, courseId] : current.filter((id) => id !== courseId),
            )
          }
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <FormActions
          onCancel={onClose}
          isSubmitting={form.isSubmitting}
          submitLabel={t('admin.team.courses.save')}
        />
      </form>
    </Modal>
  );
};
