import type { CourseDetail, CourseRating } from '@skillwise/contracts';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseItem } from '@/test/fixtures';
import { mockFetch, renderRoutes } from '@/test/render';
import { CourseCard } from './course-card';
import { CourseDetails } from './course-details';

afterEach(() => vi.unstubAllGlobals());

const figures = {
  students_count: 12,
  published_lessons_count: 8,
  duration_seconds: 4800,
  last_updated: '2026-11-03T12:00:00.000Z',
};

const detail = (fields: Partial<CourseDetail> = {}): CourseDetail => ({
  ...courseItem(7, { course_title: 'Knots', course_description: 'Eight knots.', price: 19 }),
  category_name: 'Sea',
  price_type_name: 'Paid',
  sections_count: 2,
  lessons_count: 8,
  ...figures,
  ...fields,
});

const renderDetails = (course: CourseDetail, rating?: CourseRating) => {
  mockFetch(() => ({ body: course }));
  return renderRoutes(
    [
      {
        path: '/courseDetail',
        element: <CourseDetails courseId={7} browsePath="/courses" rating={rating} />,
      },
    ],
    '/courseDetail',
  );
};

/** The course page's figures as a label → value map, as a person reads the list. */
const figuresShown = async () => {
  const list = (await screen.findByRole('heading', { name: 'Course figures' })).parentElement;
  const shown: Record<string, string> = {};
  for (const term of within(list as HTMLElement).getAllByRole('term')) {
    shown[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  }
  return shown;
};

/** The figures a card shows for a course with these figures, as a person reads the list. */
const cardFigures = (fields: Partial<typeof figures> = {}) => {
  render(<CourseCard course={courseItem(1, { ...figures, ...fields })} onSelect={() => undefined} />);
  return within(screen.getByRole('list', { name: 'Course figures' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('CourseCard figures (DESIGN decision 11)', () => {
  it('shows the students, lessons and duration the list answers', () => {
    expect(cardFigures()).toEqual(['12 students', '8 lessons', '1 h 20 min']);
  });

  it('says "New course" with no students, and leaves out a duration there is none of', () => {
    expect(cardFigures({ students_count: 0, published_lessons_count: 1, duration_seconds: 0 })).toEqual([
      'New course',
      '1 lesson',
    ]);
  });

  it('a course with no published lesson says it is coming soon instead of counting its lessons', () => {
    expect(cardFigures({ students_count: 0, published_lessons_count: 0, duration_seconds: 0 })).toEqual([
      'Coming soon: no lessons published yet',
      'New course',
    ]);
    // The price stays: it is what the course will cost.
    expect(screen.getByText('$10.00')).toBeTruthy();
  });

  it('invents nothing when the answer carries no figures (a student’s own courses)', () => {
    render(<CourseCard course={courseItem(1)} onSelect={() => undefined} />);
    expect(screen.queryByRole('list', { name: 'Course figures' })).toBeNull();
  });
});

describe('CourseDetails figures (SPEC §2.4, real)', () => {
  it('shows the rating, students, duration, lessons and last update the server gives', async () => {
    renderDetails(detail(), { course_Id: 7, average: 4.5, count: 12 });
    expect(await figuresShown()).toEqual({
      Rating: '4.5 (12 ratings)',
      Students: '12 students',
      Duration: '1 h 20 min',
      Lessons: '8 lessons',
      'Last updated': 'Nov 3, 2026',
    });
    // No placeholder figure is left.
    expect(screen.queryByText(/3,480|6h 30m|March 2026|All levels/)).toBeNull();
    // The offer's claims are only those that hold: the school offers no refund window here (the detail
    // names none), and this course gives no certificate.
    expect(screen.getByText('Full lifetime access')).toBeTruthy();
    expect(screen.getByText('One-time payment, no subscription')).toBeTruthy();
    expect(screen.queryByText(/Money-Back Guarantee/)).toBeNull();
    expect(screen.queryByText('Certificate of completion')).toBeNull();
  });

  it('states the school’s money-back guarantee on a paid course, in its own days', async () => {
    const view = renderDetails(detail({ refund_window_days: 30 }), { course_Id: 7, average: null, count: 0 });
    expect(await screen.findByText('30-Day Money-Back Guarantee')).toBeTruthy();
    view.unmount();
    renderDetails(detail({ refund_window_days: 14, price: 0 }), { course_Id: 7, average: null, count: 0 });
    await screen.findByText('Full lifetime access');
    // A free course has nothing to give back.
    expect(screen.queryByText(/Money-Back Guarantee/)).toBeNull();
  });

  it('names the certificate only for a course that gives one', async () => {
    renderDetails(detail({ certificate: true }), { course_Id: 7, average: null, count: 0 });
    expect(await screen.findByText('Certificate of completion')).toBeTruthy();
  });

  it('says honestly when there are none yet', async () => {
    renderDetails(
      detail({ students_count: 0, published_lessons_count: 0, lessons_count: 0, duration_seconds: 0 }),
      { course_Id: 7, average: null, count: 0 },
    );
    expect(await figuresShown()).toEqual({
      Rating: 'No ratings yet',
      Students: 'New course',
      Lessons: 'No lessons yet',
      'Last updated': 'Nov 3, 2026',
    });
    expect(screen.getAllByText('New course').length).toBeGreaterThan(0);
  });

  it('a course with no published lesson says it is coming soon, and Enroll Now is off', async () => {
    mockFetch(() => ({ body: detail({ published_lessons_count: 0 }) }));
    const onEnroll = vi.fn();
    renderRoutes(
      [
        {
          path: '/courseDetail',
          element: <CourseDetails courseId={7} browsePath="/courses" onEnroll={onEnroll} />,
        },
      ],
      '/courseDetail',
    );
    expect(await screen.findByText('Coming soon: no lessons published yet')).toBeTruthy();
    expect(screen.getByText('You can enroll once its first lessons are published.')).toBeTruthy();
    const enroll = screen.getByRole('button', { name: 'Enroll Now' }) as HTMLButtonElement;
    expect(enroll.disabled).toBe(true);
  });

  it('a course with published lessons is offered as before', async () => {
    mockFetch(() => ({ body: detail() }));
    renderRoutes(
      [
        {
          path: '/courseDetail',
          element: <CourseDetails courseId={7} browsePath="/courses" onEnroll={vi.fn()} />,
        },
      ],
      '/courseDetail',
    );
    const enroll = (await screen.findByRole('button', { name: 'Enroll Now' })) as HTMLButtonElement;
    expect(enroll.disabled).toBe(false);
    expect(screen.queryByText('Coming soon: no lessons published yet')).toBeNull();
  });
});
