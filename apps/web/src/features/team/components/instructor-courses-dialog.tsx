import type { TeamMember } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { CourseChoice } from '@/features/courses';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useSetInstructorCourses } from '../api/team';

/**
 * An instructor's courses (docs/decisions/039): a checklist of the school's courses, saved as the whole
 * list at once (team/SetInstructorCourses). Courses the instructor made are theirs already.
 */
export const InstructorCoursesDialog = ({ member, onClose }: { member: TeamMember; onClose: () => void }) => {
  const save = useSetInstructorCourses();
  const [chosen, setChosen] = useState<number[]>(member.course_Ids);
  const form = useForm({ initial: {} });
  const onSubmit = form.handleSubmit(async () => {
    await save.mutateAsync({ user_Id: member.user_Id, course_Ids: chosen });
    notify.success(`${member.full_name}’s courses are saved.`);
    onClose();
  });
  const failure = form.failureMessage('The courses could not be saved. Please try again.');
  return (
    <Modal
      open
      onClose={() => !form.isSubmitting && onClose()}
      title={`${member.full_name}’s courses`}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <p className="text-sm text-slate-600">
          An instructor changes only these courses and the courses they create, and sees only their students
          and results.
        </p>
        <CourseChoice
          legend={`Courses of ${member.full_name}`}
          chosen={chosen}
          onChoose={(courseId, isChosen) =>
            setChosen((current) =>
              isChosen ? [...current, courseId] : current.filter((id) => id !== courseId),
            )
          }
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <FormActions onCancel={onClose} isSubmitting={form.isSubmitting} submitLabel="Save courses" />
      </form>
    </Modal>
  );
};
