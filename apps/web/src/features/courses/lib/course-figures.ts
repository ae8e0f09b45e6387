import type { CourseFigures } from '@skillwise/contracts';
import { formatCount, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

/** Enrolled students as people read them: '12 students', or 'New course' when there are none yet. */
export const studentsText = (count: number): string =>
  count === 0
    ? t('site.courses.figures.newCourse')
    : t('site.courses.figures.students', { count, n: formatCount(count) });

/** Published lessons: '8 lessons', '1 lesson', or 'No lessons yet'. */
export const lessonsText = (count: number): string =>
  count === 0
    ? t('site.courses.figures.noLessons')
    : t('site.courses.figures.lessons', { count, n: formatCount(count) });

/**
 * Whether students would find nothing in the course: no published lesson in a published section, as the
 * server counts them (`published_lessons_count`). False when the answer does not carry the count.
 */
export const hasNoPublishedLesson = (course: Partial<CourseFigures>): boolean =>
  course.published_lessons_count === 0;

/**
 * The video and audio time: '1 h 20 min', '2 h', '45 min', or '40 s' under a minute; undefined when
 * there is none to tell (no such lesson, or none whose length is known yet).
 */
export const durationText = (seconds: number): string | undefined => {
  if (!(seconds > 0)) return undefined;
  if (seconds < 59.5)
    return t('site.courses.duration.seconds', { n: formatCount(Math.max(1, Math.round(seconds))) });
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('site.courses.duration.minutes', { m: formatCount(rest) });
  return rest === 0
    ? t('site.courses.duration.hours', { h: formatCount(hours) })
    : t('site.courses.duration.hoursMinutes', { h: formatCount(hours), m: formatCount(rest) });
};

/** The day of the latest change, as the app writes dates: 'Nov 3, 2026'; undefined when it cannot be read. */
export const updatedDay = (iso: string): string | undefined =>
  Number.isNaN(Date.parse(iso)) ? undefined : formatDate(iso);

/** The figures an answer carries, when it carries them all (answers from the lists and the detail do). */
export const figuresOf = (course: Partial<CourseFigures>): CourseFigures | undefined =>
  typeof course.students_count === 'number' &&
  typeof course.published_lessons_count === 'number' &&
  typeof course.duration_seconds === 'number' &&
  typeof course.last_updated === 'string'
    ? {
        students_count: course.students_count,
        published_lessons_count: course.published_lessons_count,
        duration_seconds: course.duration_seconds,
        last_updated: course.last_updated,
      }
    : undefined;
