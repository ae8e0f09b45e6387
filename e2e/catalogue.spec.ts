import type { APIRequestContext, Page, Request } from '@playwright/test';
import { uniqueSuffix } from './support/api';
import { expect, test } from './support/fixtures';
import { categoryAndAuthor, growthSchool, publishedCourse } from './support/schools';

const unique = uniqueSuffix();
/** One more than a catalogue page (PAGE_SIZES.catalogue, 12): the search finds two pages. */
const COURSES = 13;
const titleOf = (n: number) => `Tidal Atlas ${unique} ${String(n).padStart(2, '0')}`;

/**
 * A new organisation on the Growth plan (15 published courses) with 13 published courses sharing a
 * title, all through the API: the demo organisation's plan has no room for that many more.
 */
async function publishThirteenCourses(api: APIRequestContext) {
  const { headers } = await growthSchool(api, {
    name: `Atlas School ${unique}`,
    emailPrefix: 'atlas',
    fullName: 'Ada Atlas',
    description: 'Charts of every coast',
  });
  const { categoryId, authorId } = await categoryAndAuthor(
    api,
    headers,
    { name: `Charts ${unique}`, description: 'Coasts and tides.' },
    {
      firstName: 'Mercator',
      lastName: `Gerard ${unique}`,
      gender: 'M',
      email: `gerard.${unique}@example.com`,
      bio: 'Drew the world flat so sailors could steer straight.',
    },
  );
  for (let n = 1; n <= COURSES; n += 1) {
    await publishedCourse(api, headers, {
      title: titleOf(n),
      description: 'The tides of one coast, hour by hour.',
      // A price for each course (10.00 to 22.00): the price order has something to sort.
      price: (9 + n).toFixed(2),
      categoryId,
      authorId,
    });
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
