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

describe('CourseCard figures (DESIGN decision 11)', () => {
  it('shows the students, lessons and duration the list answers', () => {
    render(<CourseCard course={courseItem(1, figures)} onSelect={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Course figures' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['12 students', '8 lessons', '1 h 20 min']);
  });

  it('says "New course" with no students, and leaves out a duration there is none of', () => {
    render(
      <CourseCard
        course={courseItem(1, {
          ...figures,
          students_count: 0,
          published_lessons_count: 1,
          duration_seconds: 0,
        })}
        onSelect={() => undefined}
      />,
    );
    const list = screen.getByRole('list', { name: 'Course figures' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['New course', '1 lesson']);
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
    // The offer's claims are only those that hold: no refund is offered, and this course gives no certificate.
    expect(screen.getByText('Full lifetime access')).toBeTruthy();
    expect(screen.getByText('One-time payment, no subscription')).toBeTruthy();
    expect(screen.queryByText('30-Day Money-Back Guarantee')).toBeNull();
    expect(screen.queryByText('Certificate of completion')).toBeNull();
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
});
