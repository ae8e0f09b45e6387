import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  bearer,
  boughtWithTestCard,
  ok,
  signedUpStudent,
  uniqueSuffix as unique,
} from './support/api';
import { expectAccessible } from './support/axe';
import { fixtureFile } from './support/courses';
import { expect, test } from './support/fixtures';
import { logIn } from './support/flows';
import { uniqueEmail, waitForCode, waitForMail } from './support/outbox';
import { shot } from './support/screens';

/**
 * A school of its own (registered, verified with the mailed code, on the Kickstarter plan paid in the
 * sandbox), so this journey's sales and students are the only ones it sees.
 */
async function newSchool(request: APIRequestContext) {
  const email = uniqueEmail('bell-school');
  const password = 'school password';
  const since = Date.now();
  await ok(
    request.post('/api/organization/RegisterOrg', {
      data: {
        org_Name: `Bell School ${unique()}`,
        org_url: 'https://bell.example.com',
        org_Description: 'Sailing lessons',
        primary_email: email,
        fullName: 'Pia Publisher',
        password,
      },
    }),
  );
  await ok(
    request.post('/api/users/VerifyVerificationCode', {
      data: { email, verificationCode: await waitForCode(email, since) },
    }),
  );
  const login = await apiLogin(request, email, password);
  const headers = bearer(login.token);
  const [prices] = await ok<Array<{ monthlyKickstart: number }>>(request.get('/api/pricingplan'));
  const price = prices?.monthlyKickstart ?? 0;
  const order = await ok<{ id: string }>(
    request.post('/api/organization/CreateOrder', {
      headers,
      data: {
        price,
        email_address: email,
        user_id: login.user.user_id,
        subscriptionCategoryType: 'MonthlyKickstart',
      },
    }),
  );
  await ok(
    request.post(`/api/sandbox/orders/${order.id}/approve`, {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Pia Publisher' },
    }),
  );
  await ok(
    request.post('/api/organization/CaptureOrder', {
      headers,
      data: { orderId: order.id, subscriptionCategoryType: 'MonthlyKickstart', price, email },
    }),
  );
  return { email, password, headers };
}

/** A lesson of the section (a PDF), published. */
async function publishedLesson(
  request: APIRequestContext,
  headers: Record<string, string>,
  sectionId: number,
  title: string,
) {
  const lesson = await ok<{ lesson_Id: number }>(
    request.post('/api/lessons/createLessons', {
      headers,
      multipart: {
        'Object.lesson_Id': '0',
        'Object.lesson_title': title,
        'Object.contentType': 'pdf',
        'Object.section_Id': String(sectionId),
        fileName: fixtureFile('lesson.pdf', 'application/pdf'),
      },
    }),
  );
  await ok(
    request.put('/api/lessons/publishUnpublishLesson', {
      headers,
      data: { Id: lesson.lesson_Id, published: true },
    }),
  );
  return lesson.lesson_Id;
}

/** The school's published course of 19.99 with one published section and lesson. */
async function publishedCourse(request: APIRequestContext, headers: Record<string, string>, title: string) {
  const tag = unique();
  const category = await ok<{ category_Id: number }>(
    request.post('/api/coursecategory/CreateCourseCategory', {
      headers,
      data: { category_name: `Signals ${tag}`, category_description: 'Flags and lights.' },
    }),
  );
  const author = await ok<{ author_id: number }>(
    request.post('/api/authors/CreateAuthors', {
      headers,
      multipart: {
        'Object.first_name': 'Flora',
        'Object.last_name': `Flag ${tag}`,
        'Object.gender': 'F',
        'Object.email_address': `flora.${tag}@example.com`,
        'Object.phone_number': '2025550123',
        'Object.bio': 'Signals ships by day and night.',
        fileName: fixtureFile('author.jpg', 'image/jpeg'),
      },
    }),
  );
  const course = await ok<{ course_Id: number }>(
    request.post('/api/courses/createCourse', {
      headers,
      multipart: {
        'Object.course_title': title,
        'Object.course_description': 'Flags, lights and horns: how ships speak.',
        'Object.price': '19.99',
        'Object.price_type_Id': '2',
        'Object.certificate': 'false',
        'Object.category_id': String(category.category_Id),
        'Object.author_id': String(author.author_id),
        fileName: fixtureFile('cover.png', 'image/png'),
      },
    }),
  );
  const section = await ok<{ section_Id: number }>(
    request.post('/api/courseSections/InsertCourseSections', {
      headers,
      data: { course_id: course.course_Id, section_name: 'Flags', order_number: 1 },
    }),
  );
  await publishedLesson(request, headers, section.section_Id, 'The flag alphabet');
  await ok(
    request.put('/api/courseSections/publishUnpublishSection', {
      headers,
      data: { Id: section.section_Id, published: true },
    }),
  );
  await ok(
    request.put('/api/courses/publishUnpublishCourse', {
      headers,
      data: { Id: course.course_Id, published: true },
    }),
  );
  return { courseId: course.course_Id, sectionId: section.section_Id };
}

const bell = (page: Page) => page.getByRole('link', { name: /^Notifications/ });

test('notifications: the bell, My Notification, the e-mails, unsubscribing and a publisher’s sale', async ({
  page,
  request,
}) => {
  const school = await newSchool(request);
  const title = `Ship Signals ${unique()}`;
  const { courseId, sectionId } = await publishedCourse(request, school.headers, title);

  // The school adds a student, then assigns the course and publishes a new lesson.
  const student = { name: 'Sol Sailor', email: uniqueEmail('bell-student'), password: 'sailor password' };
  const added = await ok<{ user_id: number }>(
    request.post('/api/studentCourse/registerStudent', {
      headers: school.headers,
      data: { ...student, enroll: false, consent: true, payment: "They didn't. It's free" },
    }),
  );
  await ok(
    request.post(`/api/studentCourse/AssignCoursetoStudent?user_id=${added.user_id}&course_id=${courseId}`, {
      headers: school.headers,
    }),
  );
  await publishedLesson(request, school.headers, sectionId, 'Lights at night');

  // The student sees the count on the bell and opens My Notification.
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, student.email, student.password);
  await expect(page).toHaveURL(/\/students/);
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveText('2');
  await bell(page).click();
  await expect(page).toHaveURL(/\/students\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Notification' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Newest first, both unread.
  await expect(list.getByRole('listitem').first()).toContainText(`New lesson in "${title}"`);
  await expect(list.getByRole('listitem').first()).toContainText('"Lights at night" is ready to study.');
  await expect(list.getByRole('listitem').nth(1)).toContainText(`You were enrolled in "${title}"`);
  await expect(list.locator('li[data-unread]')).toHaveCount(2);
  await expect(page.getByText('2 unread')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'E-mail me my notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await shot(page, 'notifications-student-1280');
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: 'My Notification' })).toBeVisible();
  await shot(page, 'notifications-student-360');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('You are all caught up.')).toBeVisible();
  await expect(list.locator('li[data-unread]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  // The notification leads to the course.
  await page.setViewportSize({ width: 1280, height: 900 });
  await list.getByRole('link', { name: `New lesson in "${title}"` }).click();
  await expect(page).toHaveURL(new RegExp(`/students/takeCourse\\?id=${courseId}$`));

  // The same events came by e-mail, each with a link that turns them off.
  const enrolledMail = await waitForMail(student.email, `You were enrolled in "${title}"`);
  expect(enrolledMail.text).toContain('Hello Sol Sailor,');
  const lessonMail = await waitForMail(student.email, `New lesson in "${title}"`);
  expect(lessonMail.text).toContain('"Lights at night" is ready to study.');
  const link = lessonMail.text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/)?.[0];
  expect(link).toBeTruthy();
  // The HTML part says the same, with the same signed link.
  expect(lessonMail.html).toContain('&#34;Lights at night&#34; is ready to study.');
  expect(lessonMail.html).toContain(`<a href="${link}"`);

  // Logged out, the link works.
  const studentToken = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
  await page.evaluate(() => localStorage.clear());
  const { pathname, search } = new URL(link ?? '');
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notification e-mails' })).toBeVisible();
  await shot(page, 'notifications-unsubscribe-1280');
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await shot(page, 'notifications-unsubscribe-360');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Turn off notification e-mails' }).click();
  await expect(
    page.getByText(
      'You will no longer receive notification e-mails. Receipts for your purchases are still sent.',
    ),
  ).toBeVisible();
  await shot(page, 'notifications-unsubscribed-360');
  const preferences = await ok<{ email_notifications: boolean }>(
    request.get('/api/notifications/GetPreferences', { headers: bearer(studentToken) }),
  );
  expect(preferences.email_notifications).toBe(false);

  // Another student buys the course: a receipt by e-mail, a sale and a new student for the school.
  const buyer = await signedUpStudent(request, {
    prefix: 'bell-buyer',
    name: 'Bo Buyer',
    password: 'buyer password',
  });
  const orderId = await boughtWithTestCard(request, buyer, courseId, 19.99);
  const receipt = await waitForMail(buyer.email, `Receipt for "${title}"`);
  expect(receipt.text).toContain('Amount: $19.99 USD');
  expect(receipt.text).toContain(`Payment reference: ${orderId}`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, school.email, school.password);
  await expect(page).toHaveURL(/\/admin$/);
  // The plan's receipt, two new students (the one added, the buyer) and the sale.
  await expect(page.getByRole('link', { name: 'Notifications, 4 unread' })).toBeVisible();
  await bell(page).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const adminList = page.getByRole('list', { name: 'Notifications' });
  await expect(adminList.getByRole('listitem').first()).toContainText(`New sale: "${title}"`);
  await expect(adminList.getByRole('listitem').first()).toContainText(
    `Bo Buyer (${buyer.email}) bought it for $19.99 USD.`,
  );
  await expect(adminList).toContainText('New student: Bo Buyer');
  await expect(adminList).toContainText('New student: Sol Sailor');
  await expect(adminList).toContainText('Receipt for the Kickstarter plan');
  await shot(page, 'notifications-publisher-1280');
  await expectAccessible(page);
  // A narrow window starts with the sidebar closed.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  await expect(adminList.getByRole('listitem')).toHaveCount(4);
  await shot(page, 'notifications-publisher-360');
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await adminList.getByRole('button', { name: `Unread: New sale: "${title}"` }).click();
  await expect(page).toHaveURL(/\/admin\?section=users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
  await expect(page.getByText(buyer.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();
  await waitForMail(school.email, `New sale: "${title}"`);
  const planReceipt = await waitForMail(school.email, 'Receipt for the Kickstarter plan');
  expect(planReceipt.text).toContain('Plan: Kickstarter, 1 month');
});
