import { PAGE_SIZE_MAX } from '@skillwise/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Screen } from '@/components/ui/page-header';
import { useOrganisationCourses } from '@/features/courses/api/courses';
import { AddStudentModal } from '@/features/students/components/add-student-modal';
import { StudentsTable } from '@/features/students/components/students-table';
import { useDebouncedValue } from '@/lib/paging';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';

/**
 * SPEC §2.13 My Students (key 'Mystudents', also /admin/myStudents): the organisation's students; the
 * Add Students modal lists the organisation's courses (one page of the largest size, loaded when the
 * modal opens, searched on the server past that). Choosing a student opens /myStudents.
 */
export const AdminMyStudentsPage = () => {
  const navigate = useNavigate();
  const [isAdding, setAdding] = useState(false);
  const [courseSearchText, setCourseSearchText] = useState('');
  const courseSearch = useDebouncedValue(courseSearchText.trim());
  const courses = useOrganisationCourses(
    storage.get('orgId') ?? '',
    { page: 1, pageSize: PAGE_SIZE_MAX, search: courseSearch },
    { enabled: isAdding },
  );
  return (
    <Screen texts="admin.adminRoutes.myStudents">
      <StudentsTable
        onAddStudents={() => setAdding(true)}
        onOpenStudent={(student) => {
          storage.set('selectedUserId', student.user_id);
          storage.set('selectedUserEmail', student.email);
          void navigate(paths.myStudents);
        }}
      />
      <AddStudentModal
        open={isAdding}
        onClose={() => {
          setAdding(false);
          setCourseSearchText('');
        }}
        courses={{
          items: courses.data?.rows ?? [],
          isLoading: courses.isPending,
          total: courses.data?.total,
          searchText: courseSearchText,
          onSearch: setCourseSearchText,
        }}
      />
    </Screen>
  );
};
