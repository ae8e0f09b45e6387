import type { CourseDetail, CourseRating } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import {
  AwardIcon,
  BookIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  ClockIcon,
  InfinityIcon,
  PlayIcon,
  ShieldIcon,
  StarIcon,
  UsersIcon,
} from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { PersonPhoto } from '@/components/ui/person-photo';
import { LoadingBlock } from '@/components/ui/spinner';
import { ratingCountText, ratingText } from '@/features/reviews';
import { ApiError } from '@/lib/api-client';
import { coursePrice, formatCount, numberFormat } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';
import { useCourseDetails } from '../api/courses';
import {
  durationText,
  figuresOf,
  hasNoPublishedLesson,
  lessonsText,
  studentsText,
  updatedDay,
} from '../lib/course-figures';
import { COVER_SIZES } from '../lib/cover-image';
import { ComingSoonPanel } from './coming-soon';
import { CourseImage } from './course-image';

type CourseDetailsProps = {
  courseId: number | null;
  browsePath: string;
  /** Enroll Now: the page decides (login, the ownership check, checkout); none disables it. */
  onEnroll?: (course: CourseDetail) => void;
  /** The ownership check is under way. */
  isEnrolling?: boolean;
  enrollNote?: string;
  /** The curriculum with its preview player, composed by the page. */
  curriculum?: ReactNode;
  /** Set when the signed-in student owns the course: the way into it, shown instead of Enroll Now. */
  ownedAction?: ReactNode;
  /** The course's real rating (DESIGN decision 11); until it is known, nothing is claimed. */
  rating?: CourseRating | undefined;
  /** The reviews (average, latest reviews, the student's form), composed by the page. */
  reviews?: ReactNode;
  /** A coupon code a link carried, said beside the price of a paid course (docs/decisions/030). */
  couponCode?: string | null;
};

const NotFound = ({ browsePath }: { browsePath: string }) => {
  const t = useT();
  return (
    <EmptyState
      icon={<BookIcon />}
      title={t('site.courses.notFound.title')}
      hint={t('site.courses.notFound.hint')}
      action={
        <Link to={browsePath} className={buttonClassName()}>
          {t('site.courses.browse')}
        </Link>
      }
    />
  );
};

/**
 * SPEC §2.4's claims beside the price, only those that hold for this course (DESIGN decision 13): a free
 * course makes no claim about paying, and the certificate line shows only on a course that gives one.
 * The money-back guarantee states the school's own window ('30-Day Money-Back Guarantee' by default),
 * which a buyer takes up from My Courses; none when the school turned it off (docs/decisions/029).
 */
const promisesOf = (course: CourseDetail, t: ReturnType<typeof useT>) =>
  [
    {
      icon: <ShieldIcon />,
      text: t('site.courses.promise.moneyBack', {
        count: course.refund_window_days ?? 0,
        days: formatCount(course.refund_window_days ?? 0),
      }),
      holds: course.price > 0 && (course.refund_window_days ?? 0) > 0,
    },
    { icon: <InfinityIcon />, text: t('site.courses.promise.lifetime'), holds: true },
    { icon: <CheckCircleIcon />, text: t('site.courses.promise.oneTime'), holds: course.price > 0 },
    { icon: <AwardIcon />, text: t('site.courses.promise.certificate'), holds: course.certificate },
  ].filter((promise) => promise.holds);

/** A rating as people read it: '4.5 (2 ratings)', or honestly none; nothing while it loads. */
const ratingValue = (rating: CourseRating | undefined): string => (rating ? ratingText(rating) : '…');

/**
 * SPEC §2.4's figures, real (DESIGN decision 11): the rating from the reviews, and the students, lessons,
 * video and audio time and last change the server counts. A figure the course does not have yet says so
 * ('New course', 'No ratings yet') or is left out (no video or audio time); none is made up.
 */
const Figures = ({ course, rating }: { course: CourseDetail; rating: CourseRating | undefined }) => {
  const t = useT();
  const figures = figuresOf(course);
  const lessons = figures?.published_lessons_count ?? course.lessons_count;
  const duration = figures ? durationText(figures.duration_seconds) : undefined;
  const updated = figures ? updatedDay(figures.last_updated) : undefined;
  const items = [
    { icon: <StarIcon />, label: t('site.courses.figure.rating'), value: ratingValue(rating) },
    figures
      ? {
          icon: <UsersIcon />,
          label: t('site.courses.figure.students'),
          value: studentsText(figures.students_count),
        }
      : null,
    duration ? { icon: <PlayIcon />, label: t('site.courses.figure.duration'), value: duration } : null,
    { icon: <BookIcon />, label: t('site.courses.figure.lessons'), value: lessonsText(lessons) },
    updated ? { icon: <ClockIcon />, label: t('site.courses.figure.updated'), value: updated } : null,
  ].filter((item) => item !== null);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3 xl:grid-cols-5">
      {items.map((item) => (
        <div key={item.label} className="relative min-w-0 ps-7">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            <span aria-hidden="true" className="absolute top-0.5 inset-s-0 text-lg text-brand-600">
              {item.icon}
            </span>
            {item.label}
          </dt>
          <dd className="mt-0.5 text-sm font-semibold break-words text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
};

/**
 * SPEC §2.4 course detail: title, description, image, price and Enroll Now; the curriculum (slot);
 * the instructor; the reviews in place of the static comments box (slot); the course's real figures
 * and the claims of the offer.
 */
export const CourseDetails = ({
  courseId,
  browsePath,
  onEnroll,
  isEnrolling = false,
  enrollNote,
  curriculum,
  ownedAction,
  rating,
  reviews,
  couponCode,
}: CourseDetailsProps) => {
  const t = useT();
  const details = useCourseDetails(courseId);

  if (courseId === null) return <NotFound browsePath={browsePath} />;
  if (details.isPending) {
    // A screen's height while loading, so the footer does not rise into view and drop again.
    return (
      <div className="min-h-dvh">
        <LoadingBlock label={t('site.courses.loadingOne')} />
      </div>
    );
  }
  if (details.isError) {
    const error = details.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <NotFound browsePath={browsePath} />;
    }
    return <Alert>{error.message}</Alert>;
  }

  const course = details.data;
  if (!course?.course_title) return <NotFound browsePath={browsePath} />;
  const author = [course.first_name, course.last_name].filter(Boolean).join(' ');
  const figures = figuresOf(course);
  // Nothing to study yet: said beside the price, and not sold until there is (docs/decisions/017).
  const isComingSoon = hasNoPublishedLesson(course);

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={browsePath}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ChevronLeftIcon className="size-4" />
        {t('site.courses.allCourses')}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:grid-rows-[auto_1fr] lg:gap-x-8">
        <div className="min-w-0 lg:col-start-1">
          {course.category_name ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {course.category_name}
            </p>
          ) : null}
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl">
            {course.course_title}
          </h1>
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {rating && rating.average !== null && rating.count > 0 ? (
              <a
                href="#course-reviews"
                className="flex items-center gap-1 font-semibold text-amber-700 hover:underline"
              >
                <StarIcon className="size-4 fill-amber-400 text-amber-500" />
                {numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating.average)}
                <span className="font-normal text-slate-600">({ratingCountText(rating.count)})</span>
              </a>
            ) : rating ? (
              <span>{t('site.courses.noRatings')}</span>
            ) : null}
            {figures ? <span>{studentsText(figures.students_count)}</span> : null}
            {author ? <span>{t('site.courses.createdBy', { author })}</span> : null}
          </p>
        </div>
        <Card className="h-fit overflow-hidden lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="aspect-video bg-slate-100">
            <CourseImage
              src={course.course_image}
              alt={course.course_title}
              sizes={COVER_SIZES.detail}
              priority
            />
          </div>
          <div className="flex flex-col gap-4 p-6">
            <p className="text-3xl font-bold text-slate-900">{coursePrice(course.price)}</p>
            {couponCode && course.price > 0 && !ownedAction ? (
              <p className="-mt-2 text-sm font-medium text-emerald-700">
                <T
                  id="site.courses.couponApplied"
                  values={{ code: couponCode }}
                  components={{ 0: <span className="font-mono" /> }}
                />
              </p>
            ) : null}
            {/* An enrolled student is shown only the way in: Enroll Now would refuse them anyway. */}
            {ownedAction ?? (
              <>
                {isComingSoon ? <ComingSoonPanel /> : null}
                <Button
                  size="lg"
                  fullWidth
                  onClick={onEnroll ? () => onEnroll(course) : undefined}
                  disabled={!onEnroll || isComingSoon}
                  isLoading={isEnrolling}
                  loadingText={t('site.courses.checking')}
                >
                  {t('site.courses.enrollNow')}
                </Button>
                {enrollNote && !isComingSoon ? (
                  <p className="text-center text-xs text-slate-500">{enrollNote}</p>
                ) : null}
              </>
            )}
            <ul className="flex flex-col gap-2.5 border-t border-slate-100 pt-4 text-sm text-slate-600">
              {promisesOf(course, t).map((item) => (
                <li key={item.text} className="flex items-center gap-2.5">
                  <span className="text-lg text-brand-600">{item.icon}</span>
                  {item.text}
                </li>
              ))}
            </ul>
          </div>
        </Card>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
          <Card className="p-6">
            <CardTitle>{t('site.courses.about')}</CardTitle>
            <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-slate-600">
              {course.course_description}
            </p>
          </Card>
          <Card className="p-6">
            <h2 className="sr-only">{t('site.courses.card.figures')}</h2>
            <Figures course={course} rating={rating} />
          </Card>
          {curriculum}
          {author ? (
            <Card className="p-6">
              <CardTitle>{t('site.courses.instructor')}</CardTitle>
              <div className="mt-4 flex gap-4">
                <PersonPhoto
                  src={course.profile_picturePath}
                  firstName={course.first_name}
                  lastName={course.last_name}
                  className="size-16 text-lg"
                />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{author}</p>
                  {course.bio ? (
                    <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-line text-slate-600">
                      {course.bio}
                    </p>
                  ) : null}
                </div>
              </div>
            </Card>
          ) : null}
          {reviews}
        </div>
      </div>
    </div>
  );
};
