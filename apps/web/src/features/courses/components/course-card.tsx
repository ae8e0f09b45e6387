import type { CourseListItem } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { BookIcon, ClockIcon, UsersIcon } from '@/components/ui/drawn-icons';
import { coursePrice } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import {
  durationText,
  figuresOf,
  hasNoPublishedLesson,
  lessonsText,
  studentsText,
} from '../lib/course-figures';
import { ComingSoonNotice } from './coming-soon';
import { CourseImage } from './course-image';

type CourseCardProps = {
  course: CourseListItem;
  onSelect: (courseId: number) => void;
  /** What the corner shows instead of the price (a student's progress in a course they own). */
  aside?: ReactNode;
  /** A line under the card's footer, above the card's link (a bought course's refund). */
  footer?: ReactNode;
};

/**
 * The course's real figures, when the list answers them (DESIGN decision 11): its students ('New
 * course' when none yet), its lessons and its video and audio time (left out when there is none). A course
 * with no published lesson says it is coming soon instead of counting its lessons (docs/decisions/017).
 */
const CardFigures = ({ course }: { course: CourseListItem }) => {
  const t = useT();
  const figures = figuresOf(course);
  if (!figures) return null;
  const duration = durationText(figures.duration_seconds);
  const isComingSoon = hasNoPublishedLesson(figures);
  const items = [
    { key: 'students', icon: <UsersIcon />, text: studentsText(figures.students_count) },
    ...(isComingSoon
      ? []
      : [{ key: 'lessons', icon: <BookIcon />, text: lessonsText(figures.published_lessons_count) }]),
    ...(duration ? [{ key: 'duration', icon: <ClockIcon />, text: duration }] : []),
  ];
  return (
    <ul
      aria-label={t('site.courses.card.figures')}
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-slate-600"
    >
      {isComingSoon ? (
        <li className="w-full">
          <ComingSoonNotice />
        </li>
      ) : null}
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1">
          <span aria-hidden="true" className="text-sm text-brand-600">
            {item.icon}
          </span>
          {item.text}
        </li>
      ))}
    </ul>
  );
};

/**
 * SPEC §2.3: image, title, description on two lines, the author's first name and the price; with the
 * course's figures.
 */
export const CourseCard = ({ course, onSelect, aside, footer }: CourseCardProps) => (
  <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-card transition duration-200 hover:-translate-y-0.5 hover:shadow-raised has-focus-visible:ring-2 has-focus-visible:ring-brand-500">
    <div className="aspect-video overflow-hidden bg-slate-100">
      <CourseImage
        src={course.course_image}
        alt=""
        className="transition duration-300 group-hover:scale-[1.03]"
      />
    </div>
    <div className="flex flex-1 flex-col p-4">
      <h3 className="line-clamp-2 text-base leading-snug font-semibold text-slate-900">
        <button
          type="button"
          onClick={() => onSelect(course.course_Id)}
          className="text-start after:absolute after:inset-0 focus-visible:outline-none"
        >
          {course.course_title}
        </button>
      </h3>
      <p className="mt-1.5 mb-3 line-clamp-2 text-sm text-slate-500">{course.course_description}</p>
      <CardFigures course={course} />
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <span className="flex min-w-0 items-center gap-2 text-sm text-slate-600">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
          >
            {course.first_name.charAt(0).toUpperCase() || '?'}
          </span>
          <span className="truncate">{course.first_name}</span>
        </span>
        {aside ?? (
          <span className="shrink-0 text-base font-bold text-slate-900">{coursePrice(course.price)}</span>
        )}
      </div>
      {footer ? <div className="relative z-10 mt-2">{footer}</div> : null}
    </div>
  </article>
);

/** A grey card of the same size, shown while the list loads. */
export const CourseCardSkeleton = () => (
  <div
    aria-hidden="true"
    className="overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-card"
  >
    <div className="aspect-video animate-pulse bg-slate-100" />
    <div className="flex flex-col gap-2.5 p-4">
      <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
      <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
      <div className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
      <div className="mt-3 flex justify-between border-t border-slate-100 pt-3">
        <div className="h-4 w-20 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-12 animate-pulse rounded bg-slate-100" />
      </div>
    </div>
  </div>
);
