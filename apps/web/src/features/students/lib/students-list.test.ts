import { STUDENTS_PAGE_SIZE, type StudentRow } from '@skillwise/contracts';
import { describe, expect, it } from 'vitest';
import { pageCountFor, pageOf } from '@/lib/paginate';
import { filterStudents, matchesStudent } from './students-list';

const student = (index: number, courses = 1): StudentRow => ({
  fullName: `Student ${String(index).padStart(2, '0')}`,
  email: `learner${index}@School.example`,
  numberofcourses: courses,
  totalcost: 0,
  user_id: index,
});

describe('My Students search (SPEC §2.13)', () => {
  const ada: StudentRow = {
    fullName: 'Ada Lovelace',
    email: 'ADA@Example.com',
    numberofcourses: 0,
    totalcost: 0,
    user_id: 1,
  };

  it('matches the name or the e-mail, ignoring case and surrounding spaces', () => {
    expect(matchesStudent(ada, 'lovelace')).toBe(true);
    expect(matchesStudent(ada, '  ADA ')).toBe(true);
    expect(matchesStudent(ada, 'example.COM')).toBe(true);
    expect(matchesStudent(ada, 'babbage')).toBe(false);
    expect(matchesStudent(ada, '')).toBe(true);
  });

  it('filters by enrolment', () => {
    const list = [student(1, 0), student(2, 3)];
    expect(filterStudents(list, '', 'enrolled').map((s) => s.user_id)).toEqual([2]);
    expect(filterStudents(list, '', 'not-enrolled').map((s) => s.user_id)).toEqual([1]);
    expect(filterStudents(list, '', 'all')).toHaveLength(2);
  });
});

describe('My Students pages (SPEC §9: 10 a page)', () => {
  const students = Array.from({ length: 23 }, (_, index) => student(index + 1));

  it('shows ten students a page', () => {
    expect(pageCountFor(students.length, STUDENTS_PAGE_SIZE)).toBe(3);
    expect(pageOf(students, 0, STUDENTS_PAGE_SIZE).items.map((s) => s.user_id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(pageOf(students, 2, STUDENTS_PAGE_SIZE).items.map((s) => s.user_id)).toEqual([21, 22, 23]);
  });

  it('pages the search result, falling back to its last page when it shrinks', () => {
    const found = filterStudents(students, 'student 1');
    expect(found.map((s) => s.user_id)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(pageOf(found, 2, STUDENTS_PAGE_SIZE).page).toBe(0);
  });
});
