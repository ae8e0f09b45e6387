import type { MessageId } from '@/lib/i18n/i18n';

/**
 * The My Students filters (SPEC §2.13), their labels as message keys, applied by the server (`enrolled`, README "Additions"): enrolled
 * means in at least one of the organisation's courses; not enrolled, added by it and in none.
 */
export const STUDENT_FILTERS = [
  { value: 'all', label: 'admin.students.filter.all', enrolled: undefined },
  { value: 'enrolled', label: 'admin.students.filter.enrolled', enrolled: true },
  { value: 'not-enrolled', label: 'admin.students.filter.notEnrolled', enrolled: false },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId; enrolled: boolean | undefined }>;
export type StudentFilter = (typeof STUDENT_FILTERS)[number]['value'];

/** The `enrolled` parameter a filter sends; none for all students. */
export const enrolledParam = (filter: StudentFilter): boolean | undefined =>
  STUDENT_FILTERS.find((option) => option.value === filter)?.enrolled;
