/**
 * The My Students filters (SPEC §2.13), applied by the server (`enrolled`, README "Additions"): enrolled
 * means in at least one of the organisation's courses; not enrolled, added by it and in none.
 */
export const STUDENT_FILTERS = [
  { value: 'all', label: 'All students', enrolled: undefined },
  { value: 'enrolled', label: 'Enrolled', enrolled: true },
  { value: 'not-enrolled', label: 'Not enrolled', enrolled: false },
] as const;
export type StudentFilter = (typeof STUDENT_FILTERS)[number]['value'];

/** The `enrolled` parameter a filter sends; none for all students. */
export const enrolledParam = (filter: StudentFilter): boolean | undefined =>
  STUDENT_FILTERS.find((option) => option.value === filter)?.enrolled;
