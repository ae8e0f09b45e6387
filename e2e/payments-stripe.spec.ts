import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '../packages/contracts/src/messages';
import { apiLogin, bearer, uniqueSuffix } from './support/api';
import { createCourse, DEMO_STUDENT, PUBLISHER } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';
import { shot } from './support/screens';
import { stripeSettings } from './support/stripe';

/**
 * Card payments through Stripe Checkout, on the app configured with Stripe (pointed at the local Stripe
 * fake, which serves the hosted page and posts its signed events to the app's webhook).
 */
const stripe = stripeSettings();
test.use({ baseURL: stripe.appOrigin });

/** A published course of the demo school at 24.50 with one published lesson. */
const paidCourse = (request: APIRequestContext) => {
  const unique = uniqueSuffix();
  return createCourse(request, {
    title: `Tides and Currents ${unique}`,
    unique,
    lessons: [{ title: 'Reading a tide table', type: 'pdf' }],
    published: true,
    price: '24.50',
  });
};

/** The demo student signs in and opens the course's checkout (what Enroll Now stores). */
async function openCheckout(page: Page, courseId: number) {
  await logIn(page, DEMO_STUDENT.email, DEMO_STUDENT.password);
  await expect(page).toHaveURL(/\/students/);
  await page.evaluate((id) => {
    localStorage.setItem('course_Id', String(id));
    localStorage.setItem('price', '24.50');
  }, courseId);
  await page.goto('/students/checkout');
}

/** On Stripe's hosted page (the fake's): the card, then Pay. */
async function payOnStripePage(page: Page, cardNumber: string) {
  await expect(page).toHaveURL(new RegExp(`^${stripe.fakeOrigin}/checkout/pay/cs_test_`));
  await expect(page.getByText('Total: 24.50 USD')).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** The demo student's enrolments in a course, through the API. */
async function enrolmentsIn(request: APIRequestContext, courseId: number) {
  const { token, user } = await apiLogin(request, DEMO_STUDENT.email, DEMO_STUDENT.password);
  const res = await request.get(
    `/api/studentCourse/GetAllCoursesByUserIdandCourseId/${user.user_id}/${courseId}`,
    {
      headers: bearer(token),
    },
  );
  expect(res.status()).toBe(200);
  return (await res.json()) as unknown[];
}

// Each school is paid into its own Stripe account here (PAYOUT_MODE=connected): the first journey connects
// the demo school's, which the purchases after it are charged to; they run in this order.
test.describe.configure({ mode: 'serial' });

test('a school connects its Stripe account from Settings before it can sell paid courses', async ({
  page,
}) => {
  await logIn(page, PUBLISHER.email, PUBLISHER.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByText('Not connected')).toBeVisible();
  await expect(payouts.getByText(/sell paid courses/).first()).toBeVisible();
  await payouts.getByRole('button', { name: 'Connect with Stripe' }).click();
  // Stripe's onboarding (the fake's page completes it) sends the school back to Settings.
  await expect(page).toHaveURL(`${stripe.appOrigin}/admin/settings`);
  await expect(payouts.getByText('Enabled')).toBeVisible();
  await expect(payouts.getByText('Your school can sell paid courses.')).toBeVisible();
  await expect(payouts.getByText(/^Account acct_/)).toBeVisible();
  await shot(page, 'settings-payouts-enabled');
});

test('a student pays a course on Stripe’s page and comes back to the success line', async ({
  page,
  request,
}) => {
  const { courseId } = await paidCourse(request);
  await openCheckout(page, courseId);
  await expect(page.getByText('$24.50', { exact: true })).toBeVisible();
  // No card field on our own page: the card is typed on Stripe's.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay with card' }).click();

  await payOnStripePage(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(new RegExp(`^${stripe.appOrigin}/students/checkout\\?orderId=cs_test_`));
  await expect(page.getByText(MSG.paymentSuccess)).toBeVisible();
  await expect(page.getByText('Payment Successful! Thank you for your purchase.')).toBeVisible();
  expect(await enrolmentsIn(request, courseId)).toHaveLength(1);

  // Charged to the school's own account, the operator's 10% taken as an application fee.
  const sessionId = new URL(page.url()).searchParams.get('orderId') ?? '';
  const fake = (path: string) =>
    request.get(`${stripe.fakeOrigin}/v1/${path}`, { headers: bearer(stripe.secretKey) });
  const session = (await (await fake(`checkout/sessions/${sessionId}`)).json()) as { payment_intent: string };
  const intent = (await (await fake(`payment_intents/${session.payment_intent}`)).json()) as object;
  expect(intent).toMatchObject({
    application_fee_amount: 245,
    transfer_data: { destination: expect.stringMatching(/^acct_/) },
  });
});

test('a declined card stays on Stripe’s page with its message and enrols no one', async ({
  page,
  request,
}) => {
  const { courseId } = await paidCourse(request);
  await openCheckout(page, courseId);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await payOnStripePage(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please try another card.');
  expect(await enrolmentsIn(request, courseId)).toHaveLength(0);
});

test('a student who closes the tab after paying is enrolled once by Stripe’s webhook', async ({
  page,
  request,
}) => {
  const { courseId } = await paidCourse(request);
  await openCheckout(page, courseId);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  // The way back to the checkout never happens: Stripe takes the payment and the tab is closed before
  // its redirect is followed.
  let returnTo = '';
  await page.route(`${stripe.fakeOrigin}/checkout/pay/**`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const paid = await route.fetch({ maxRedirects: 0 });
    returnTo = paid.headers().location ?? '';
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Closing</title>' });
  });
  await payOnStripePage(page, '4242 4242 4242 4242');
  await expect
    .poll(() => returnTo)
    .toMatch(new RegExp(`^${stripe.appOrigin}/students/checkout\\?orderId=cs_test_`));
  // Closed once the form's navigation has ended: Chromium can leave a close that lands in the middle of
  // a form submission's navigation unanswered.
  await expect(page).toHaveTitle('Closing');
  await page.close();

  await expect.poll(async () => (await enrolmentsIn(request, courseId)).length).toBe(1);
  // The events that followed (and any delivered again) enrol no one twice.
  const purchases = async () => {
    const { token, user } = await apiLogin(request, DEMO_STUDENT.email, DEMO_STUDENT.password);
    const res = await request.get(`/api/orders/GetPurchasesByUserId/${user.user_id}`, {
      headers: bearer(token),
    });
    return ((await res.json()) as Array<{ course_Id: number | null }>).filter(
      (p) => p.course_Id === courseId,
    );
  };
  await expect.poll(async () => (await purchases()).length).toBe(1);
  expect(await enrolmentsIn(request, courseId)).toHaveLength(1);
});
