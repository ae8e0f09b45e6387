import { catalogueCategorySchema, courseListItemSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { fetchList, type ListCall } from '../../../test/paging';
import { authors, categories, courseReviews, courses } from '../../db/schema';

let ctx: TestContext;
let school: TestUser;
let other: TestUser;
/** Course ids by a short name. */
const ids: Record<string, number> = {};

const idOf = (row: Record<string, unknown>) => courseListItemSchema.parse(row).course_Id;
const catalogue: ListCall = { url: '/api/courses/GetAllCoursesDetail', idOf };
const named = (...names: string[]) => names.map((name) => ids[name]);

type Seed = {
  name: string;
  orgId: number;
  title: string;
  description?: string;
  category: string;
  author: [string, string];
  priceCents: number;
  daysOld: number;
  published?: boolean;
  ratings?: number[];
};

async function seed(course: Seed) {
  const { db } = ctx.database;
  const [category] = await db
    .insert(categories)
    .values({ orgId: course.orgId, name: course.category })
    .returning();
  const [author] = await db
    .insert(authors)
    .values({
      orgId: course.orgId,
      firstName: course.author[0],
      lastName: course.author[1],
      gender: 'F',
      email: 'author@example.com',
    })
    .returning();
  if (!category || !author) throw new Error('no category or author');
  const [row] = await db
    .insert(courses)
    .values({
      orgId: course.orgId,
      title: course.title,
      description: course.description ?? 'A course.',
      priceCents: course.priceCents,
      priceTypeId: course.priceCents === 0 ? 1 : 2,
      categoryId: category.id,
      authorId: author.id,
      published: course.published ?? true,
      createdAt: new Date(Date.now() - course.daysOld * 24 * 3600_000),
    })
    .returning();
  if (!row) throw new Error('no course');
  ids[course.name] = row.id;
  for (const rating of course.ratings ?? []) {
    const student = await createStudent(ctx);
    await db.insert(courseReviews).values({ courseId: row.id, userId: student.userId, rating });
  }
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_CACHE_SECONDS: '3600' });
  school = await createPublisher(ctx);
  other = await createPublisher(ctx);
  const mine = school.orgId ?? 0;
  const theirs = other.orgId ?? 0;
  await seed({
    name: 'python',
    orgId: mine,
    title: 'Python from scratch',
    category: 'Programming',
    author: ['Grace', 'Hopper'],
    priceCents: 4900,
    daysOld: 30,
    ratings: [4, 5],
  });
  await seed({
    name: 'watercolour',
    orgId: mine,
    title: 'Watercolour basics',
    description: 'Paint landscapes with a python-free palette.',
    category: 'Art',
    author: ['Ada', 'Lovelace'],
    priceCents: 0,
    daysOld: 10,
    ratings: [3],
  });
  await seed({
    name: 'sql',
    orgId: theirs,
    title: 'SQL in practice',
    category: 'programming',
    author: ['Edgar', 'Codd'],
    priceCents: 1999,
    daysOld: 1,
    ratings: [5, 5],
  });
  await seed({
    name: 'sketch',
    orgId: theirs,
    title: 'Sketching',
    category: 'Art',
    author: ['Grace', 'Kelly'],
    priceCents: 0,
    daysOld: 20,
  });
  await seed({
    name: 'draft',
    orgId: mine,
    title: 'Python draft',
    category: 'Programming',
    author: ['Grace', 'Hopper'],
    priceCents: 0,
    daysOld: 0,
    published: false,
    ratings: [5],
  });
});
afterAll(async () => ctx.close());

const list = async (query: string, token?: string) =>
  fetchList(ctx, token ? { ...catalogue, token } : catalogue, query);

describe('courses/GetAllCoursesDetail filters and orders', () => {
  test('without them the call answers every published course in id order, drafts never', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.ids).toEqual(named('python', 'watercolour', 'sql', 'sketch'));
    expect(all.total).toBe(4);
  });

  test('searches the title, the description, the author’s name and the category’s name', async () => {
    // Title and description.
    expect((await list('search=PYTHON')).ids).toEqual(named('python', 'watercolour'));
    // The author's first, last and whole name.
    expect((await list('search=grace')).ids).toEqual(named('python', 'sketch'));
    expect((await list('search=codd')).ids).toEqual(named('sql'));
    expect((await list('search=grace%20hopper')).ids).toEqual(named('python'));
    // The category's name, any organisation's.
    expect((await list('search=programming')).ids).toEqual(named('python', 'sql'));
    // Wildcards are plain characters here too.
    expect((await list('search=%25')).ids).toEqual([]);
  });

  test('filters by category name in any case, across organisations', async () => {
    const programming = await list('category=PROGRAMMING');
    expect(programming.ids).toEqual(named('python', 'sql'));
    expect(programming.total).toBe(2);
    expect((await list('category=%20art%20')).ids).toEqual(named('watercolour', 'sketch'));
    expect((await list('category=Music')).ids).toEqual([]);
    // A blank category is none.
    expect((await list('category=')).total).toBe(4);
  });

  test('filters by price: free is a price of 0', async () => {
    expect((await list('price=free')).ids).toEqual(named('watercolour', 'sketch'));
    expect((await list('price=paid')).ids).toEqual(named('python', 'sql'));
  });

  test('orders newest first, by price either way, and by rating', async () => {
    expect((await list('sort=newest')).ids).toEqual(named('sql', 'watercolour', 'sketch', 'python'));
    // Ties keep the id order going the way of the sort: no page overlaps another.
    expect((await list('sort=price_asc')).ids).toEqual(named('watercolour', 'sketch', 'sql', 'python'));
    expect((await list('sort=price_desc')).ids).toEqual(named('python', 'sql', 'sketch', 'watercolour'));
    // The average of visible reviews; courses without one last.
    expect((await list('sort=rating')).ids).toEqual(named('sql', 'python', 'watercolour', 'sketch'));
  });

  test('combines search, filters, order and paging, with the total of what matches', async () => {
    const page = await list('category=art&price=free&sort=newest&page=2&pageSize=1');
    expect(page.ids).toEqual(named('sketch'));
    expect(page.total).toBe(2);
    const searched = await list('search=python&price=paid&sort=price_desc');
    expect(searched.ids).toEqual(named('python'));
    expect(searched.total).toBe(1);
  });

  test('a signed-in publisher is answered the same catalogue, without its drafts', async () => {
    for (const token of [school.token, other.token]) {
      const answer = await list('sort=rating', token);
      expect(answer.status).toBe(200);
      expect(answer.ids).toEqual(named('sql', 'python', 'watercolour', 'sketch'));
    }
  });

  test('bad values are a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['price=cheap', 'price'],
      ['price=FREE', 'price'],
      ['sort=oldest', 'sort'],
      ['sort=rating&sort=newest', 'sort'],
      [`category=${'x'.repeat(101)}`, 'category'],
      ['category=a%00b', 'category'],
      ['category=a&category=b', 'category'],
    ];
    for (const [query, field] of cases) {
      const got = await list(query);
      expect(got.status, query).toBe(400);
      expect(got.res.json().details[0].field, query).toBe(field);
    }
  });

  test('a change through the app shows at once in a filtered answer kept in the cache', async () => {
    expect((await list('price=free&sort=newest')).ids).toEqual(named('watercolour', 'sketch'));
    const published = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: school.token,
      body: { Id: ids.draft, published: true },
    });
    expect(published.statusCode).toBe(200);
    expect((await list('price=free&sort=newest')).ids).toEqual(named('draft', 'watercolour', 'sketch'));
    // Back to a draft, written straight to the database: the other tests count it out.
    await ctx.database.db
      .update(courses)
      .set({ published: false })
      .where(eq(courses.id, ids.draft ?? 0));
  });
});

describe('courses/GetCatalogueCategories', () => {
  test('names each category of published courses once, with its courses of every organisation', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/courses/GetCatalogueCategories' });
    expect(res.statusCode).toBe(200);
    const body = catalogueCategorySchema.array().parse(res.json());
    expect(body.map((row) => row.category_name.toLowerCase())).toEqual(['art', 'programming']);
    expect(body.map((row) => row.courses_count)).toEqual([2, 2]);
    // A publisher is answered the same.
    const signedIn = await call(ctx.app, {
      method: 'GET',
      url: '/api/courses/GetCatalogueCategories',
      token: other.token,
    });
    expect(signedIn.json()).toEqual(res.json());
  });
});
