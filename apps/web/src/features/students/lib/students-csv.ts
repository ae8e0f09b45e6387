import type { StudentRow } from '@skillwise/contracts';
import { csvOf, csvFileName as datedCsvFileName } from '@/lib/csv';

export { csvField, downloadCsv } from '@/lib/csv';

const HEADER = ['Name', 'Email', 'Courses', 'Total Cost (USD)'];

/** The students as CSV: name, e-mail, number of courses and total cost in dollars, CRLF line ends. */
export const studentsCsv = (students: readonly StudentRow[]): string =>
  csvOf([HEADER, ...students.map((s) => [s.fullName, s.email, s.numberofcourses, s.totalcost.toFixed(2)])]);

/** A file name for today's export, e.g. students-2026-03-04.csv. */
export const csvFileName = (date = new Date()): string => datedCsvFileName('students', date);
