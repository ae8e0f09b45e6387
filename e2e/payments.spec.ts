import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '../packages/contracts/src/messages';
import { apiLogin, bearer, signedUpStudent, uniqueSuffix as unique } from './support/api';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail, waitForCode } from './support/outbox';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

/** The sandbox's test cards (SANDBOX_CARDS in the contracts), typed as a buyer would. */
const CARD_PAID = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * A published paid course of the demo organisation (19.99, price type 2) with a published section
 * holding a published PDF lesson, made with the demo publisher's token (the calls of authoring.spec.ts).
 */
async function publishPaidCourse(request: APIRequestContext) {
  const { token } = await apiLogin(request, 'publisher@example.com', 'publisher123');
  const auth = bearer(token);
  const tag = unique();

  const category = await json<{ category_Id: number }>(
    await request.post('/api/coursecategory/CreateCourseCategory', {
      headers: auth,
      data: {
        category_name: `Navigation ${tag}`,
        category_description: 'Charts and stars.',
        created_date: new Date().toISOString(),
      },
    }),
    201,
  );
  const author = await json<{ author_id: number }>(
    await request.post('/api/authors/CreateAuthors', {
      headers: auth,
      multipart: {
        'Object.first_name': 'Grace',
        'Object.last_name': `Hopper ${tag}`,
        'Object.gender': 'F',
        'Object.email_address': `grace.${tag}@example.com`,
        'Object.phone_number': '+1 202 555 0123',
        'Object.bio': 'Navigated by the stars long before satellites.',
        fileName: { name: 'author.jpg', mimeType: 'image/jpeg', buffer: readFileSync(fixture('author.jpg')) },
      },
    }),
    201,
  );
  const title = `Celestial Navigation ${tag}`;
  const course = await json<{ course_Id: number }>(
    await request.post('/api/courses/createCourse', {
      headers: auth,
      multipart: {
        'Object.course_title': title,
        'Object.course_description': 'Find your position with a sextant and a clear night.',
        'Object.price': '19.99',
        'Object.price_type_Id': '2',
        'Object.certificate': 'false',
        'Object.category_id': String(category.category_Id),
        'Object.author_id': String(author.author_id),
        fileName: { name: 'cover.png', mimeType: 'image/png', buffer: readFileSync(fixture('cover.png')) },
      },
    }),
    201,
  );
  const section = await json<{ section_Id: number }>(
    await request.post('/api/courseSections/InsertCourseSections', {
      headers: auth,
      data: {
        course_id: course.course_Id,
        section_name: 'The night sky',
        section_description: '',
        published: true,
        order_number: 1,
      },
    }),
    201,
  );
  const lesson = await json<{ lesson_Id: number }>(
    await request.post('/api/lessons/createLessons', {
      headers: auth,
      multipart: {
        'Object.lesson_Id': '0',
        'Object.lesson_title': 'Star chart',
        'Object.contentType': 'pdf',
        'Object.section_Id': String(section.section_Id),
        fileName: {
          name: 'lesson.pdf',
          mimeType: 'application/pdf',
          buffer: readFileSync(fixture('lesson.pdf')),
        },
      },
    }),
    201,
  );
  for (const [url, id] of [
    ['/api/lessons/publishUnpublishLesson', lesson.lesson_Id],
    ['/api/courseSections/publishUnpublishSection', section.section_Id],
    ['/api/courses/publishUnpublishCourse', course.course_Id],
  ] as const) {
    const published = await request.put(url, { headers: auth, data: { Id: id, published: true } });
    expect(published.ok(), `${url}: ${await published.text()}`).toBe(true);
  }
  return { courseId: course.course_Id, title, publisherToken: token };
}

/** Logs the student in through the UI and opens the checkout of the course (what Enroll Now stores). */
async function openCourseCheckout(
  page: Page,
  student: { email: string; password: string },
  courseId: number,
) {
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/students/);
  await page.evaluate((id) => {
    localStorage.setItem('course_Id', String(id));
    localStorage.setItem('price', '19.99');
  }, courseId);
  await page.goto('/students/checkout');
}

/** On the sandbox approval page: the card form, then back to the checkout. */
async function payOnSandboxPage(page: Page, cardNumber: string, amount: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/SBX-[^?]+\?return=/);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toHaveText(amount);
  await expect(page.getByText(CARD_PAID, { exact: true })).toBeVisible();
  await expect(page.getByText(CARD_DECLINED, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByText('Enter the card number.')).toBeVisible();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Bea Buyer');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

async function enrolmentsOf(page: Page, request: APIRequestContext, courseId: number) {
  const { token, userId } = await page.evaluate(() => ({
    token: localStorage.getItem('authToken') ?? '',
    userId: localStorage.getItem('user_id') ?? '',
  }));
  return json<unknown[]>(
    await request.get(`/api/studentCourse/GetAllCoursesByUserIdandCourseId/${userId}/${courseId}`, {
      headers: bearer(token),
    }),
    200,
  );
}

test('a new publisher pays the Kickstarter plan on the sandbox page and reaches /admin', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('school');
  const password = 'school password';
  const since = Date.now();
  const registered = await json<{ org_Id: number }>(
    await request.post('/api/organization/RegisterOrg', {
      data: {
        org_Name: `Lighthouse School ${unique()}`,
        org_url: 'https://lighthouse.example.com',
        org_Description: 'Sailing lessons',
        primary_email: email,
        fullName: 'Lena Lighthouse',
        password,
      },
    }),
    201,
  );
  const verified = await json<{ verified: boolean }>(
    await request.post('/api/users/VerifyVerificationCode', {
      data: { email, verificationCode: await waitForCode(email, since) },
    }),
    200,
  );
  expect(verified.verified).toBe(true);

  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/subscription$/);
  await expect(page.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  // The cards keep the spec's texts and say what this installation does not provide (decision 038).
  const kickstarter = page.getByRole('article', { name: 'Kickstarter' });
  await expect(kickstarter.getByRole('listitem').filter({ hasText: /^AI/ })).toHaveText('AI: Not included');
  await expect(kickstarter.getByRole('listitem').filter({ hasText: '250 Contacts' })).toHaveText(
    '250 Contacts',
  );
  const viewport = page.viewportSize();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.getByRole('button', { name: 'Get Started with Kickstarter' }).click();

  await expect(page).toHaveURL(/\/admin\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Kickstarter/ })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Creator Studio/ })).toHaveText(
    'Creator Studio: Not included',
  );
  const price = await page.evaluate(() => Number(localStorage.getItem('price')));
  const amount = `$${price.toFixed(2)}`;
  await expect(page.getByText(amount, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Pay with card' }).click();
  await payOnSandboxPage(page, CARD_PAID, amount);

  await expect(page.getByText(MSG.paymentSuccess).first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('complementary', { name: 'Admin' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('subscriptionCategory'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('subscriptionStatus'))).toBe('active');

  const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
  const organisation = await json<{ isSubscribed: boolean }>(
    await request.get(`/api/organization/getOrgById/${registered.org_Id}`, { headers: bearer(token) }),
    200,
  );
  expect(organisation.isSubscribed).toBe(true);
});

test('a student buys a course with the test card and opens it', async ({ page, request }) => {
  const course = await publishPaidCourse(request);
  const student = await signedUpStudent(request, {
    prefix: 'buyer',
    name: 'Bea Buyer',
    password: 'buyer password',
  });

  await openCourseCheckout(page, student, course.courseId);
  await expect(page.getByRole('heading', { level: 2, name: course.title })).toBeVisible();
  await expect(page.getByText('Navigated by the stars long before satellites.')).toBeVisible();
  await expect(page.getByText('$19.99', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Pay with card' }).click();
  await payOnSandboxPage(page, CARD_PAID, '$19.99');

  await expect(page).toHaveURL(/\/students\/checkout\?orderId=SBX-/);
  await expect(page.getByText(MSG.paymentSuccess)).toBeVisible();
  await page.getByRole('button', { name: 'Go to course' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/takeCourse\\?id=${course.courseId}$`));

  expect(await enrolmentsOf(page, request, course.courseId)).toHaveLength(1);

  // The sale is the demo organisation's.
  const sales = await json<Array<{ product: string; sale_price: number; buyer_email: string }>>(
    await request.get('/api/orders/GetSalesByOrgId', { headers: bearer(course.publisherToken) }),
    200,
  );
  expect(sales.find((sale) => sale.product === course.title)).toMatchObject({
    sale_price: 19.99,
    buyer_email: student.email,
  });
});

test('a declined card shows the capture failure on the checkout and enrols no one', async ({
  page,
  request,
}) => {
  const course = await publishPaidCourse(request);
  const student = await signedUpStudent(request, {
    prefix: 'buyer',
    name: 'Bea Buyer',
    password: 'buyer password',
  });

  await openCourseCheckout(page, student, course.courseId);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await payOnSandboxPage(page, CARD_DECLINED, '$19.99');

  await expect(page.getByRole('alert').filter({ hasText: MSG.paymentCaptureFailed })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: MSG.cardDeclined })).toBeVisible();
  await expect(page).toHaveURL(/\/students\/checkout$/);
  await expect(page.getByRole('button', { name: 'Pay with card' })).toBeVisible();
  await expect(page.getByText(MSG.paymentSuccess)).toHaveCount(0);

  expect(await enrolmentsOf(page, request, course.courseId)).toEqual([]);
});

test("every plan's Get Started leads to a working checkout, and Cancel comes back to it", async ({
  page,
}) => {
  await logIn(page, 'publisher@example.com', 'publisher123');
  await expect(page).toHaveURL(/\/admin$/);
  for (const billing of ['Monthly', 'Annual (20% Off)']) {
    for (const plan of ['Kickstarter', 'Basic', 'Growth']) {
      await page.goto('/admin/subscription');
      await page.getByRole('button', { name: billing }).click();
      await page.getByRole('button', { name: `Get Started with ${plan}` }).click();
      await expect(page).toHaveURL(/\/admin\/checkout$/);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(plan) })).toBeVisible();
      const price = await page.evaluate(() => Number(localStorage.getItem('price')));
      const amount = `$${price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

      await page.getByRole('button', { name: 'Pay with card' }).click();
      await expect(page).toHaveURL(/\/sandbox\/checkout\/SBX-/);
      await expect(page.getByTestId('sandbox-amount')).toHaveText(amount);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL(/\/admin\/checkout$/);
      await expect(page.getByRole('button', { name: 'Pay with card' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  }
});
