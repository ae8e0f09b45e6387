import type { StudentRow } from '@skillwise/contracts';

export const STUDENT_FILTERS = [
  { value: 'all', label: 'All students' },
  { value: 'enrolled', label: 'Enrolled' },
  { value: 'not-enrolled', label: 'Not enrolled' },
] as const;
export type StudentFilter = (typeof STUDENT_FILTERS)[number]['value'];

/** SPEC §2.13 My Students search: the name or the e-mail, case-insensitive, anywhere in the text. */
export const matchesStudent = (student: StudentRow, search: string): boolean => {
  const text = search.trim().toLowerCase();
  return (
    text === '' || student.fullName.toLowerCase().includes(text) || student.email.toLowerCase().includes(text)
  );
};

const passesFilter = (student: StudentRow, filter: StudentFilter): boolean =>
  filter === 'all' || (filter === 'enrolled' ? student.numberofcourses > 0 : student.numberofcourses === 0);

/** The students the table shows (and Export CSV writes): those matching the search and the filter. */
export const filterStudents = (
  students: readonly StudentRow[],
  search: string,
  filter: StudentFilter = 'all',
): StudentRow[] =>
  students.filter((student) => matchesStudent(student, search) && passesFilter(student, filter));
