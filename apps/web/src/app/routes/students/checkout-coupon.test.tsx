import { COUPON_MSG, type CouponQuote, MSG } from '@skillwise/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetCaptures } from '@/features/payments/lib/capture-once';
import { storage } from '@/lib/storage';
import { type FetchCall, mockFetch, pathOf, queryOf, renderRoutes } from '@/test/render';
import { StudentCheckoutPage } from './checkout';

const COURSE = {
  course_Id: 4,
  course_title: 'Knots for Sailors',
  course_description: 'Eight knots every sailor should tie.',
  course_image: '/media/cover.png',
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

const quote = (fields: Partial<CouponQuote> = {}): CouponQuote => ({
  code: 'HALF50',
  course_Id: 4,
  list_price: 40,
  discount: 20,
  price: 20,
  currency: 'USD',
  ...fields,
});

const refused = (message: string) => ({
  status: 409,
  body: {
    statusCode: 409,
    error: 'Conflict',
    code: 'COUPON_REFUSED',
    message,
    details: [{ field: 'coupon_code', message }],
  },
});

type Answer = { status?: number; body?: unknown };

/** The server: the course, the sandbox provider, and each other call's answer by its path. */
const serve = (answers: Record<string, (call: FetchCall) => Answer>) =>
  mockFetch((call) => {
    const path = pathOf(call);
    if (path === '/api/payments/config')
      return { body: { provider: 'sandbox', clientId: null, currency: 'USD' } };
    if (path === '/api/courses/details/4') return { body: COURSE };
    const answer = answers[path];
    return answer ? answer(call) : { status: 404 };
  });

const checkCalls = (calls: FetchCall[]) =>
  calls.filter((call) => pathOf(call) === '/api/courses/CheckCoupon');
const orderOf = (calls: FetchCall[]) =>
  calls.find((call) => pathOf(call) === '/api/courses/CreateOrder')?.body;

const renderCheckout = (path = '/students/checkout') =>
  renderRoutes(
    [
      { path: '/students/checkout', element: <StudentCheckoutPage /> },
      { path: '/students/takeCourse', element: <h1>Course view</h1> },
      { path: '/sandbox/checkout/:orderId', element: <h1>Approval page</h1> },
    ],
    path,
  );

const summary = async () =>
  within(
    await screen.findByRole('heading', { name: 'Order summary' }).then((h) => h.parentElement as HTMLElement),
  );

const SANDBOX_ORDER = {
  status: 201,
  body: {
    id: 'SBX-4',
    status: 'CREATED',
    amount: 20,
    currency: 'USD',
    provider: 'sandbox',
    approveUrl: '/sandbox/checkout/SBX-4',
  },
};

beforeEach(() => {
  storage.set('authToken', 'token');
  storage.set('userId', 9);
  storage.set('userEmail', 'stella@example.com');
  storage.set('courseId', 4);
});
afterEach(() => resetCaptures());

describe('the checkout’s coupon (docs/decisions/030)', () => {
  it('applies a code: list price, discount and the new total; the order carries the code; Remove undoes it', async () => {
    const calls = serve({
      '/api/courses/CheckCoupon': () => ({ body: quote() }),
      '/api/courses/CreateOrder': () => SANDBOX_ORDER,
    });
    renderCheckout();
    const order = await summary();
    expect(order.getByText('$40.00')).toBeTruthy();
    fireEvent.change(order.getByLabelText('Have a coupon?'), { target: { value: ' half50 ' } });
    fireEvent.click(order.getByRole('button', { name: 'Apply' }));
    expect(await order.findByText('Discount (HALF50)')).toBeTruthy();
    expect(queryOf(checkCalls(calls)[0]).toString()).toBe('course_id=4&code=HALF50');
    expect(order.getByText('List price').nextElementSibling?.textContent).toBe('$40.00');
    expect(order.getByText('Discount (HALF50)').nextElementSibling?.textContent).toBe('−$20.00');
    expect(order.getByText('Total amount').nextElementSibling?.textContent).toBe('$20.00');
    expect(storage.get('couponCode')).toBe('HALF50');

    fireEvent.click(order.getByRole('button', { name: 'Remove' }));
    expect(order.queryByText('Discount (HALF50)')).toBeNull();
    expect(order.getByText('Total amount').nextElementSibling?.textContent).toBe('$40.00');
    expect(storage.get('couponCode')).toBeNull();

    fireEvent.change(order.getByLabelText('Have a coupon?'), { target: { value: 'HALF50' } });
    fireEvent.click(order.getByRole('button', { name: 'Apply' }));
    expect(await order.findByText('Discount (HALF50)')).toBeTruthy();
    fireEvent.click(order.getByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('heading', { name: 'Approval page' })).toBeTruthy();
    expect(orderOf(calls)).toEqual({
      price: 40,
      email_address: 'stella@example.com',
      user_id: 9,
      course_id: 4,
      coupon_code: 'HALF50',
    });
  });

  it('says why a code is refused, under the field, and keeps the list price', async () => {
    const calls = serve({ '/api/courses/CheckCoupon': () => refused(COUPON_MSG.expired) });
    renderCheckout();
    const order = await summary();
    const field = order.getByLabelText('Have a coupon?');
    fireEvent.change(field, { target: { value: 'OLD' } });
    fireEvent.click(order.getByRole('button', { name: 'Apply' }));
    expect(await order.findByText(COUPON_MSG.expired)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(order.getByText('Total amount').nextElementSibling?.textContent).toBe('$40.00');

    // Not a code at all: refused without asking the server.
    fireEvent.change(field, { target: { value: 'no spaces!' } });
    fireEvent.click(order.getByRole('button', { name: 'Apply' }));
    expect(await order.findByText(COUPON_MSG.unknown)).toBeTruthy();
    expect(checkCalls(calls)).toHaveLength(1);
  });

  it('a code that makes the course free enrols at once, like a free course', async () => {
    const calls = serve({
      '/api/courses/CheckCoupon': () => ({ body: quote({ code: 'GIFT', discount: 40, price: 0 }) }),
      '/api/courses/CreateOrder': () => ({
        status: 201,
        body: {
          id: 'FREE-1',
          status: 'COMPLETED',
          amount: 0,
          currency: 'USD',
          provider: 'free',
          approveUrl: null,
          list_price: 40,
          discount: 40,
          coupon_code: 'GIFT',
        },
      }),
    });
    renderCheckout();
    const order = await summary();
    fireEvent.change(order.getByLabelText('Have a coupon?'), { target: { value: 'gift' } });
    fireEvent.click(order.getByRole('button', { name: 'Apply' }));
    expect(await order.findByText('Discount (GIFT)')).toBeTruthy();
    expect(order.getByText('Total amount').nextElementSibling?.textContent).toBe('Free');
    expect(order.queryByRole('button', { name: 'Pay with card' })).toBeNull();
    fireEvent.click(order.getByRole('button', { name: 'Enroll for free' }));
    expect(await screen.findByText(MSG.paymentSuccess)).toBeTruthy();
    expect(orderOf(calls)).toMatchObject({ course_id: 4, coupon_code: 'GIFT' });
    expect(storage.get('couponCode')).toBeNull();
  });

  it('a code used up at the last moment: the order’s refusal is said and the list price comes back', async () => {
    serve({
      '/api/courses/CheckCoupon': () => ({ body: quote() }),
      '/api/courses/CreateOrder': () => refused(COUPON_MSG.usedUp),
    });
    renderCheckout();
    const order = await summary();
    fireEvent.change(order.getByLabelText('Have a coupon?'), { target: { value: 'HALF50' } });
    fireEvent.click(order.getByRole('button', { name: 'Apply' }));
    expect(await order.findByText('Discount (HALF50)')).toBeTruthy();
    fireEvent.click(order.getByRole('button', { name: 'Pay with card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(COUPON_MSG.usedUp);
    expect(order.queryByText('Discount (HALF50)')).toBeNull();
    expect(order.getByText('Total amount').nextElementSibling?.textContent).toBe('$40.00');
    expect(storage.get('couponCode')).toBeNull();
  });

  it('applies the code a link carried by itself: ?coupon= on the checkout, or kept from the course page', async () => {
    const calls = serve({ '/api/courses/CheckCoupon': () => ({ body: quote() }) });
    const { unmount } = renderCheckout('/students/checkout?coupon=half50');
    const order = await summary();
    expect(await order.findByText('Discount (HALF50)')).toBeTruthy();
    expect(queryOf(checkCalls(calls)[0]).get('code')).toBe('HALF50');
    unmount();

    storage.set('couponCode', 'HALF50');
    renderCheckout();
    expect(await (await summary()).findByText('Discount (HALF50)')).toBeTruthy();
    await waitFor(() => expect(checkCalls(calls)).toHaveLength(2));
  });

  it('back from the approval page with a coupon, captures without checking the code again, then forgets it', async () => {
    storage.set('couponCode', 'HALF50');
    const calls = serve({
      '/api/courses/CaptureOrder': () => ({
        body: {
          id: 'SBX-4',
          status: 'COMPLETED',
          message: MSG.paymentSuccess,
          course_Id: 4,
          subscriptionCategoryType: null,
          subscriptionEndsAt: null,
        },
      }),
    });
    renderCheckout('/students/checkout?orderId=SBX-4');
    expect(await screen.findByText(MSG.paymentSuccess)).toBeTruthy();
    expect(calls.find((call) => pathOf(call) === '/api/courses/CaptureOrder')?.body).toEqual({
      orderId: 'SBX-4',
      course_Id: 4,
      price: 40,
      user_id: 9,
    });
    expect(checkCalls(calls)).toHaveLength(0);
    expect(storage.get('couponCode')).toBeNull();
  });
});
