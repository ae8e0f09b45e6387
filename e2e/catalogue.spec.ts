import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ok, uniqueSuffix } from './support/api';
import { expect, test } from './support/fixtures';
import { uniqueEmail, waitForCode } from './support/outbox';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const unique = uniqueSuffix();
/** One more than a catalogue page (PAGE_SIZES.catalogue, 12): the search finds two pages. */
const COURSES = 13;
const titleOf = (n: number) => `Tidal Atlas ${unique} ${String(n).padStart(2, '0')}`;

/**
 * A new organisation on the Growth plan (15 published courses) with 13 published courses sharing a
 * title, all through the API: the demo organisation's plan has no room for that many more.
 */
async function publishThirteenCourses(api: APIRequestContext) {
  const email = uniqueEmail('atlas');
  const password = 'atlas password';
  const since = Date.now();
  await ok(
    api.post('/api/organization/RegisterOrg', {
      data: {
        org_Name: `Atlas School ${unique}`,
        org_url: 'https://atlas.example.com',
        org_Description: 'Charts of every coast',
        primary_email: email,
        fullName: 'Ada Atlas',
        password,
      },
    }),
  );
  await ok(
    api.post('/api/users/VerifyVerificationCode', {
      data: { email, verificationCode: await waitForCode(email, since) },
    }),
  );
  const login = await ok<{ token: string; user: { user_id: number } }>(
    api.post('/api/users/Login', { data: { username: email, password } }),
  );
  const headers = { Authorization: `Bearer ${login.token}` };

  const [prices] = await ok<Array<{ monthlyGrowth: number }>>(api.get('/api/pricingplan'));
  const order = await ok<{ id: string }>(
    api.post('/api/organization/CreateOrder', {
      headers,
      data: {
        price: prices?.monthlyGrowth,
        email_address: email,
        user_id: login.user.user_id,
        subscriptionCategoryType: 'MonthlyGrowth',
      },
    }),
  );
  await ok(
    api.post(`/api/sandbox/orders/${order.id}/approve`, {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Atlas' },
    }),
  );
  await ok(
    api.post('/api/organization/CaptureOrder', {
      headers,
      data: { orderId: order.id, subscriptionCategoryType: 'MonthlyGrowth' },
    }),
  );

  const category = await ok<{ category_Id: number }>(
    api.post('/api/coursecategory/CreateCourseCategory', {
      headers,
      data: { category_name: `Charts ${unique}`, category_description: 'Coasts and tides.' },
    }),
  );
  const author = await ok<{ author_id: number }>(
    api.post('/api/authors/CreateAuthors', {
      headers,
      multipart: {
        'Object.first_name': 'Mercator',
        'Object.last_name': `Gerard ${unique}`,
        'Object.gender': 'M',
        'Object.email_address': `gerard.${unique}@example.com`,
        'Object.phone_number': '2025550123',
        'Object.bio': 'Drew the world flat so sailors could steer straight.',
        fileName: { name: 'author.jpg', mimeType: 'image/jpeg', buffer: readFileSync(fixture('author.jpg')) },
      },
    }),
  );
  for (let n = 1; n <= COURSES; n += 1) {
    const course = await ok<{ course_Id: number }>(
      api.post('/api/courses/createCourse', {
        headers,
        multipart: {
          'Object.course_title': titleOf(n),
          'Object.course_description': 'The tides of one coast, hour by hour.',
          // A price for each course (10.00 to 22.00): the price order has something to sort.
          'Object.price': (9 + n).toFixed(2),
          'Object.price_type_Id': '2',
          'Object.certificate': 'false',
          'Object.category_id': String(category.category_Id),
          'Object.author_id': String(author.author_id),
          fileName: { name: 'cover.png', mimeType: 'image/png', buffer: readFileSync(fixture('cover.png')) },
        },
      }),
    );
    await ok(
      api.put('/api/courses/publishUnpublishCourse', {
        headers,
        data: { Id: course.course_Id, published: true },
      }),
    );
  }
}

/** Every catalogue request the page makes, with its query. */
const recordCatalogueRequests = (page: Page) => {
  const requests: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/courses/GetAllCoursesDetail') requests.push(url.searchParams);
  });
  return requests;
};

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await publishThirteenCourses(api);
  await api.dispose();
});

test('a visitor searches the catalogue on the server and pages through it', async ({ page }) => {
  const requests = recordCatalogueRequests(page);

  // The landing page asks for its 8 featured courses, not the catalogue.
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Featured Courses' }).getByRole('article').first(),
  ).toBeVisible();
  expect(requests.map((query) => query.toString())).toEqual(['page=1&pageSize=8']);

  await page.goto('/courses');
  await expect(cards(page).first()).toBeVisible();
  expect(requests.at(-1)?.get('pageSize')).toBe('12');
  expect(requests.at(-1)?.get('page')).toBe('1');

  // The search goes to the server (any case) once typing pauses, and into the URL.
  const searched = page.waitForResponse(
    (response) =>
      response.url().includes('/api/courses/GetAllCoursesDetail') &&
      new URL(response.url()).searchParams.get('search') === `tidal atlas ${unique}`,
  );
  await page.getByLabel('Search By Class Name').fill(`tidal atlas ${unique}`);
  const answer = await searched;
  expect(answer.headers()['x-total-count']).toBe(String(COURSES));
  expect(((await answer.json()) as unknown[]).length).toBe(12);
  await expect(page).toHaveURL(new RegExp(`/courses\\?search=tidal\\+atlas\\+${unique}$`));
  await expect(page.getByText(`Showing 1–12 of ${COURSES} courses`)).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByRole('button', { name: titleOf(1), exact: true })).toBeVisible();

  // The pager counts pages from the header: page 2 holds the thirteenth course.
  const pager = page.getByRole('navigation', { name: 'Courses pages' });
  await pager.getByRole('button', { name: /Page 2/ }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText(`Showing 13–13 of ${COURSES} courses`)).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: titleOf(13), exact: true })).toBeVisible();
  const second = requests.at(-1);
  expect(second?.get('page')).toBe('2');
  expect(second?.get('pageSize')).toBe('12');
  expect(second?.get('search')).toBe(`tidal atlas ${unique}`);

  // A course opened from page 2, then Back: the same search and page.
  await page.getByRole('button', { name: titleOf(13), exact: true }).click();
  await expect(page).toHaveURL(/\/courseDetail\?id=\d+$/);
  await page.goBack();
  await expect(page.getByLabel('Search By Class Name')).toHaveValue(`tidal atlas ${unique}`);
  await expect(page.getByRole('button', { name: titleOf(13), exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByText(`Showing 1–12 of ${COURSES} courses`)).toBeVisible();

  // A category and an order narrow and sort the same search on the server, each a step Back undoes.
  await page.getByLabel('Category').selectOption(`Charts ${unique}`);
  await expect(page).toHaveURL(/[?&]category=Charts\+/);
  await page.getByLabel('Sort by').selectOption('price_desc');
  await expect(page).toHaveURL(/[?&]sort=price_desc(&|$)/);
  await expect(cards(page).first()).toContainText(titleOf(13));
  expect(requests.at(-1)?.get('category')).toBe(`Charts ${unique}`);
  await page.getByRole('button', { name: 'Free', exact: true }).click();
  await expect(page.getByText('No course matches these filters.')).toBeVisible();
  await page.goBack();
  await expect(cards(page).first()).toContainText(titleOf(13));
  await expect(page.getByRole('button', { name: 'Free', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.goBack();
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await expect(cards(page).first()).toContainText(titleOf(1));

  // No catalogue request went without a page size, nor asked for more than a page.
  expect(requests.length).toBeGreaterThan(3);
  for (const query of requests) {
    expect(Number(query.get('pageSize'))).toBeGreaterThan(0);
    expect(Number(query.get('pageSize'))).toBeLessThanOrEqual(12);
  }
});
