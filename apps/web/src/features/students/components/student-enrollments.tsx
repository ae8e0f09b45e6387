import { type AssignedCourse, PAGE_SIZES } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { RowButton, SubmitButton } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { PublishedChip } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { SelectField } from '@/components/ui/field';
import { TrashIcon } from '@/components/ui/icons';
import { SearchInput } from '@/components/ui/search-input';
import { useRoleAllows } from '@/features/team';
import { errorMessage } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { failureLink, MessageWithLink } from '@/lib/message-link';
import { useDebouncedValue } from '@/lib/paging';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useEnrolmentChanges, useStudentCourses, useUnassignedCourses } from '../api/students';
import { releaseSummary, StudentReleaseDialog } from './student-release';

const SOURCE_LABEL: Record<AssignedCourse['source'], MessageId> = {
  assigned: 'admin.students.enrollments.assigned',
  purchased: 'admin.students.enrollments.purchased',
  free: 'admin.students.enrollments.free',
};

/** The student's courses come from the same call as the student's own My Courses, a page as long. */
const PAGE_SIZE = PAGE_SIZES.myCourses;

/** '50%' as a number for the bar; anything unreadable counts as 0. */
const percentOf = (progress: string): number => {
  const value = Number.parseFloat(progress);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
};

const Progress = ({ progress }: { progress: string }) => {
  const t = useT();
  return (
    <div className="flex items-center gap-3">
      <div
        className="h-2 w-24 shrink-0 rounded-full bg-slate-100"
        role="progressbar"
        aria-label={t('admin.students.enrollments.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentOf(progress)}
      >
        <div className="h-2 rounded-full bg-brand-600" style={{ width: `${percentOf(progress)}%` }} />
      </div>
      <span className="text-sm font-medium text-slate-700 tabular-nums">{progress}</span>
    </div>
  );
};

const Status = ({ course }: { course: AssignedCourse }) => {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <PublishedChip published={course.published} draftTone="amber" />
      <span className="text-xs text-slate-500">{t(SOURCE_LABEL[course.source])}</span>
    </div>
  );
};

const RemoveButton = ({
  course,
  onRemove,
}: {
  course: AssignedCourse;
  onRemove: (course: AssignedCourse) => void;
}) => {
  const t = useT();
  // A course the student bought, or took free on their own, is theirs: only assigned ones can go.
  return course.source === 'assigned' ? (
    <button
      type="button"
      onClick={() => onRemove(course)}
      aria-label={t('admin.students.enrollments.removeLabel', { title: course.course_title })}
      title={t('admin.students.enrollments.remove')}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-rose-50 hover:text-rose-600"
    >
      <TrashIcon className="size-4.5" />
    </button>
  ) : (
    <span className="shrink-0 text-xs text-slate-500">
      {course.source === 'purchased'
        ? t('admin.students.enrollments.bought')
        : t('admin.students.enrollments.taken')}
    </span>
  );
};

type StudentEnrollmentsProps = {
  /** The selected student; null when none is stored. */
  userId: number | null;
};

/**
 * SPEC §2.14 Enrollments: enrol the student in one of the organisation's other courses, see progress
 * and status a page at a time, and remove a course (a purchased one stays: the server refuses and says
 * why). The course select holds one page of the courses left; when there are more, a search box finds
 * the course on the server.
 */
export const StudentEnrollments = ({ userId }: StudentEnrollmentsProps) => {
  const t = useT();
  const key = userId === null ? '' : String(userId);
  const [page, setPage] = useState(1);
  const courses = useStudentCourses(key, { page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, courses, {
    label: t('admin.students.enrollments.pages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.students.enrollments.rowCount',
  });
  const [courseSearchText, setCourseSearchText] = useState('');
  const courseSearch = useDebouncedValue(courseSearchText.trim());
  // Enrolling, removing and scheduling are the owners' and admins' (docs/decisions/039).
  const isStaff = useRoleAllows('staff');
  const unassigned = useUnassignedCourses(isStaff ? key : '', {
    page: 1,
    pageSize: PAGE_SIZES.unassignedCourses,
    search: courseSearch,
  });
  const { assign, remove } = useEnrolmentChanges();
  const form = useForm({
    initial: { courseId: '' },
    validate: ({ courseId }) =>
      userId === null || courseId === ''
        ? { problem: t('common.msg.bothIdsRequired'), fields: { courseId: true } }
        : null,
  });
  // A removal's failure (a purchased course stays) is told where the enrolment's is.
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AssignedCourse | null>(null);
  const [scheduling, setScheduling] = useState<AssignedCourse | null>(null);
  const problem =
    form.problem ?? form.failureMessage(t('admin.students.enrollments.assignFailed')) ?? removeProblem;

  const courseField = form.field('courseId');
  const enroll = form.handleSubmit(async ({ courseId }) => {
    setRemoveProblem(null);
    if (userId === null) return;
    const answer = await assign.mutateAsync({ userId, courseId: Number(courseId) });
    notify.success(answer.message);
    form.reset();
  });

  const confirmRemove = async () => {
    setRemoveProblem(null);
    form.reset(form.values);
    if (userId === null || !removing) {
      notify.error(t('common.msg.userAndCourseRequired'));
      return;
    }
    try {
      const answer = await remove.mutateAsync({ userId, courseId: removing.course_Id });
      notify.success(answer.message);
    } catch (error) {
      // 409 for a purchased course: 'The student bought this course: it cannot be taken away.'
      setRemoveProblem(errorMessage(error, t('admin.students.enrollments.removeFailed')));
    }
  };

  const columns: ReadonlyArray<DataColumn<AssignedCourse>> = [
    {
      header: t('admin.students.enrollments.courseName'),
      cell: (course) => course.course_title,
      className: 'font-medium break-words text-slate-900',
      card: 'title',
      cardCell: (course) => <p className="font-medium break-words text-slate-900">{course.course_title}</p>,
    },
    {
      header: t('admin.students.enrollments.progress'),
      cell: (course) => <Progress progress={course.progress} />,
      card: 'line',
    },
    {
      header: t('admin.students.enrollments.status'),
      cell: (course) => <Status course={course} />,
      card: 'line',
    },
    {
      header: t('admin.students.enrollments.schedule'),
      card: 'line',
      cell: (course) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-slate-600">{releaseSummary(course)}</span>
          {isStaff ? (
            <RowButton
              onClick={() => setScheduling(course)}
              label={t('admin.students.enrollments.changeLabel', { title: course.course_title })}
            >
              {t('admin.students.enrollments.change')}
            </RowButton>
          ) : null}
        </div>
      ),
    },
    ...(isStaff
      ? [
          {
            header: t('admin.students.enrollments.remove'),
            hideHeader: true,
            align: 'end',
            card: 'aside',
            cell: (course) => <RemoveButton course={course} onRemove={setRemoving} />,
          } satisfies DataColumn<AssignedCourse>,
        ]
      : []),
  ];
  // Only a published course can be studied: the server offers no drafts (published=true).
  const options = (unassigned.data?.rows ?? []).map((course) => ({
    value: course.course_Id,
    label: course.course_title,
  }));
  // More courses than one answer holds: the search box narrows the select (and stays while it is used).
  const canSearchCourses =
    courseSearchText !== '' || (unassigned.data?.total ?? 0) > (unassigned.data?.rows.length ?? 0);

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-100 px-6 py-4">
        <CardTitle>{t('admin.students.enrollments.title')}</CardTitle>
      </div>
      {isStaff ? (
        <form
          noValidate
          onSubmit={enroll}
          className="flex flex-col gap-3 border-b border-slate-100 px-6 py-5 sm:flex-row sm:flex-wrap sm:items-end"
        >
          {canSearchCourses ? (
            <SearchInput
              label={t('admin.students.findCourse')}
              value={courseSearchText}
              onChange={(text) => {
                setCourseSearchText(text);
                form.setValue('courseId', '');
              }}
              className="sm:basis-full"
            />
          ) : null}
          <SelectField
            label={t('admin.students.course')}
            name="course"
            className="min-w-0 flex-1"
            placeholder={
              unassigned.isPending
                ? t('admin.students.loadingCourses')
                : options.length === 0
                  ? courseSearch
                    ? t('admin.students.enrollments.noMatch')
                    : t('admin.students.enrollments.noOther')
                  : t('admin.students.selectCourse')
            }
            options={options}
            {...courseField}
            onChange={(event) => {
              courseField.onChange(event);
              setRemoveProblem(null);
            }}
          />
          <SubmitButton
            form={form}
            loadingText={t('admin.students.enrollments.enrolling')}
            disabled={!unassigned.isPending && options.length === 0}
            className="shrink-0"
          >
            {t('admin.students.enrollments.enroll')}
          </SubmitButton>
        </form>
      ) : null}
      {problem ? (
        <div className="px-6 pt-4">
          <Alert>
            <MessageWithLink message={problem} link={form.problem ? undefined : failureLink(form.failure)} />
          </Alert>
        </div>
      ) : null}
      <DataList
        variant="inset"
        label={t('admin.students.enrollments.label')}
        query={courses}
        rowKey={(course) => course.course_Id}
        columns={columns}
        tableClassName="min-w-[720px]"
        loadingLabel={t('admin.students.loadingCourses')}
        errorText={t('admin.students.enrollments.loadFailed')}
        empty={
          <p className="px-6 py-10 text-center text-sm text-slate-500">
            {t('admin.students.enrollments.none')}
          </p>
        }
        pager={pager}
      />
      {userId !== null && scheduling ? (
        <StudentReleaseDialog
          key={scheduling.course_Id}
          userId={userId}
          course={scheduling}
          onClose={() => setScheduling(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.students.enrollments.removeTitle')}
        message={t('admin.students.enrollments.removeMessage', { title: removing?.course_title ?? '' })}
        confirmLabel={t('admin.students.enrollments.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </Card>
  );
};
