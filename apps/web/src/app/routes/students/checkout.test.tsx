import { MSG } from '@skillwise/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCaptures } from '@/features/payments/lib/capture-once';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, renderRoutes } from '@/test/render';
import { StudentCheckoutPage } from './checkout';

const COURSE = {
  course_Id: 4,
  course_title: 'Knots for Sailors',
  course_description: 'Eight knots every sailor should tie.',
  course_image: '/media/cover.png',
  price: 19.99,
  price_type_Id: 2,
  price_type_name: 'Paid',
  category_Id: 1,
  author_id: 1,
  certificate: false,
  org_Id: 1,
  published: true,
  first_name: 'Ada',
  last_name: 'Lovelace',
  bio: 'Sails since she could walk.',
  profile_picturePath: null,
};

const renderCheckout = () =>
  renderRoutes(
    [
      { path: '/students/checkout', element: <StudentCheckoutPage /> },
      { path: '/students/courses', element: <h1>Courses</h1> },
      { path: '/students/myCourses', element: <h1>My Courses</h1> },
      { path: '/students/takeCourse', element: <h1>Course view</h1> },
      { path: '/sandbox/checkout/:orderId', element: <h1>Approval page</h1> },
    ],
    '/students/checkout',
  );

type Answer = { status?: number; body?: unknown };
const serve = (answers: Record<string, Answer>, course: object = COURSE) =>
  mockFetch(({ url }: FetchCall): Answer => {
    if (url.endsWith('/payments/config'))
      return { body: { provider: 'sandbox', clientId: null, currency: 'USD' } };
    if (url.includes('/courses/details/')) return { body: course };
    const key = Object.keys(answers).find((path) => url.endsWith(path));
    return key ? (answers[key] ?? {}) : { status: 404, body: undefined };
  });

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('userId', 9);
  storage.set('userEmail', 'stella@example.com');
});
afterEach(() => resetCaptures());

describe('student checkout (SPEC §2.5)', () => {
  it('says no course was chosen and links to the courses when no course id is stored', async () => {
    serve({});
    renderCheckout();
    expect(screen.getByText('No course chosen')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Browse courses' }));
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeTruthy();
  });

  it('shows the course, its author and bio, the amount and the card button; paying creates the order', async () => {
    storage.set('courseId', 4);
    storage.set('price', '19.99');
    const calls = serve({
      '/courses/CreateOrder': {
        status: 201,
        body: {
          id: 'SBX-4',
          status: 'CREATED',
          amount: 19.99,
          currency: 'USD',
          provider: 'sandbox',
          approveUrl: '/sandbox/checkout/SBX-4',
        },
      },
    });
    renderCheckout();

    expect(await screen.findByRole('heading', { level: 2, name: 'Knots for Sailors' })).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/courses/details/4');
    expect(screen.getByText('Eight knots every sailor should tie.')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Sails since she could walk.')).toBeTruthy();
    expect(screen.getByText('$19.99')).toBeTruthy();

    const cover = screen.getByRole('img', { name: 'Knots for Sailors' });
    fireEvent.error(cover);
    expect(cover.getAttribute('src')).toBe('/images/course-placeholder.svg');

    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('heading', { name: 'Approval page' })).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/courses/CreateOrder'))?.body).toEqual({
      price: 19.99,
      email_address: 'stella@example.com',
      user_id: 9,
      course_id: 4,
    });
  });

  it('captures on the way back, then offers Go to course', async () => {
    storage.set('courseId', 4);
    const calls = serve({
      '/courses/CaptureOrder': {
        body: {
          id: 'SBX-4',
          status: 'COMPLETED',
          message: MSG.paymentSuccess,
          course_Id: 4,
          subscriptionCategoryType: null,
          subscriptionEndsAt: null,
        },
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/students/checkout', element: <StudentCheckoutPage /> },
        { path: '/students/takeCourse', element: <h1>Course view</h1> },
      ],
      '/students/checkout?orderId=SBX-4',
    );

    expect(await screen.findByText(MSG.paymentSuccess)).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/courses/CaptureOrder'))?.body).toEqual({
      orderId: 'SBX-4',
      course_Id: 4,
      price: 19.99,
      user_id: 9,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Go to course' }));
    expect(await screen.findByRole('heading', { name: 'Course view' })).toBeTruthy();
    expect(router.state.location.search).toBe('?id=4');
    expect(storage.get('courseId')).toBe('4');
  });

  it('enrols in a free course without a payment step', async () => {
    storage.set('courseId', 4);
    serve(
      {
        '/courses/CreateOrder': {
          status: 201,
          body: {
            id: 'FREE-1',
            status: 'COMPLETED',
            amount: 0,
            currency: 'USD',
            provider: 'free',
            approveUrl: null,
          },
        },
      },
      { ...COURSE, price: 0, price_type_Id: 1, price_type_name: 'Free' },
    );
    renderCheckout();

    expect(await screen.findByText('Free')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll for free' }));
    expect(await screen.findByText(MSG.paymentSuccess)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to course' })).toBeTruthy();
  });

  it('shows the already-enrolled message with a way to My Courses', async () => {
    storage.set('courseId', 4);
    serve({
      '/courses/CreateOrder': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', code: 'CONFLICT', message: MSG.alreadyEnrolled },
      },
    });
    renderCheckout();

    fireEvent.click(await screen.findByRole('button', { name: 'Pay with card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.alreadyEnrolled);
    fireEvent.click(screen.getByRole('link', { name: 'Go to My Courses' }));
    expect(await screen.findByRole('heading', { name: 'My Courses' })).toBeTruthy();
  });

  it('does not sell a course with no published lesson: it says it is coming soon (docs/decisions/017)', async () => {
    storage.set('courseId', 4);
    const calls = serve({}, { ...COURSE, published_lessons_count: 0 });
    renderCheckout();
    expect(await screen.findByText('“Knots for Sailors” is coming soon')).toBeTruthy();
    expect(screen.getByText(MSG.courseComingSoon)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /pay|enroll/i })).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/courses/CreateOrder'))).toBe(false);
  });

  it('does not offer a course the student owns: it links to the course instead', async () => {
    storage.set('courseId', 4);
    storage.set('currentUserRole', 3);
    serve({
      '/studentCourse/GetAllCoursesByUserIdandCourseId/9/4': { body: [{ ...COURSE, progress: '0%' }] },
    });
    renderCheckout();
    expect(await screen.findByText('This course is already yours')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Open the course' }));
    expect(await screen.findByRole('heading', { name: 'Course view' })).toBeTruthy();
  });
});
