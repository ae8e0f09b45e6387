import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, queryOf, renderRoutes } from '@/test/render';
import { routes } from './router';

const COURSE = {
  course_Id: 7,
  course_title: 'Knots for Sailors',
  course_description: 'Eight knots every sailor should tie.',
  course_image: null,
  price: 40,
  price_type_Id: 2,
  price_type_name: 'Paid',
  category_Id: 1,
  author_id: 1,
  certificate: false,
  org_Id: 1,
  published: true,
  first_name: 'Ada',
  last_name: 'Lovelace',
  bio: null,
  profile_picturePath: null,
};

const serve = () =>
  mockFetch((call: FetchCall) => {
    const path = pathOf(call);
    if (path === '/api/courses/details/7') return { body: COURSE };
    if (path === '/api/reviews/GetCourseRating/7') return { body: { course_Id: 7, average: null, count: 0 } };
    if (path === '/api/payments/config')
      return { body: { provider: 'sandbox', clientId: null, currency: 'USD' } };
    if (path === '/api/courses/CheckCoupon') {
      return {
        body: { code: 'HALF50', course_Id: 7, list_price: 40, discount: 20, price: 20, currency: 'USD' },
      };
    }
    return { body: [] };
  });

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

describe('a link carrying a coupon code (docs/decisions/030)', () => {
  it('keeps the code from the course page through the login to the checkout, which applies it', async () => {
    const calls = serve();
    const { router } = renderRoutes(routes, '/courseDetail?id=7&coupon=half50');
    expect(await screen.findByText(/applied at checkout/)).toBeTruthy();
    expect(screen.getByText(/applied at checkout/).textContent).toBe('Coupon HALF50 applied at checkout');
    expect(storage.get('couponCode')).toBe('HALF50');

    // Signed out, Enroll Now asks for a login and comes back to the course (without the code in its address).
    fireEvent.click(screen.getByRole('button', { name: 'Enroll Now' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storage.get('couponCode')).toBe('HALF50');

    // Signed in as a student, the checkout of the chosen course applies the kept code by itself.
    storage.set('authToken', 'token');
    storage.set('userId', 9);
    storage.set('userEmail', 'stella@example.com');
    storage.set('currentUserRole', 3);
    storage.set('courseId', 7);
    await router.navigate('/students/checkout');
    expect(await screen.findByText('Discount (HALF50)')).toBeTruthy();
    const check = calls.find((call) => pathOf(call) === '/api/courses/CheckCoupon');
    expect(queryOf(check).toString()).toBe('course_id=7&code=HALF50');
  });

  it('keeps a code the catalogue’s address carries, and ignores one that cannot be a code', async () => {
    serve();
    const { router } = renderRoutes(routes, '/courses?coupon=spring-25');
    await vi.waitFor(() => expect(storage.get('couponCode')).toBe('SPRING-25'));
    await router.navigate('/courses?coupon=not%20a%20code');
    await screen.findAllByRole('heading');
    expect(storage.get('couponCode')).toBe('SPRING-25');
  });
});
