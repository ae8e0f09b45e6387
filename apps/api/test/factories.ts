import { ROLE } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import {
  authors,
  categories,
  courses,
  organisations,
  planPrices,
  subscriptions,
  users,
} from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { call, type TestContext, uniqueEmail } from './helpers';

export type TestUser = {
  email: string;
  password: string;
  userId: number;
  orgId: number | null;
  token: string;
};

const PASSWORD = 'correct horse 1';

async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/users/Login',
    body: { username: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().token as string;
}

/** A verified student, signed in. Inserted directly: the sign-up flow has its own tests. */
export async function createStudent(ctx: TestContext, fullName = 'Sam Student'): Promise<TestUser> {
  const email = uniqueEmail('student');
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      fullName,
      roleId: ROLE.STUDENT,
      verified: true,
      isActive: true,
    })
    .returning();
  if (!row) throw new Error('no user');
  return { email, password: PASSWORD, userId: row.id, orgId: null, token: await login(ctx, email, PASSWORD) };
}

/** A verified publisher with its organisation, signed in; subscribed unless told otherwise. */
export async function createPublisher(
  ctx: TestContext,
  options: { subscribed?: boolean; category?: string } = {},
): Promise<TestUser> {
  const { db } = ctx.database;
  const email = uniqueEmail('publisher');
  const [org] = await db
    .insert(organisations)
    .values({ name: 'Test School', url: 'https://school.example.com', primaryEmail: email })
    .returning();
  if (!org) throw new Error('no org');
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      fullName: 'Pat Publisher',
      roleId: ROLE.PUBLISHER,
      orgId: org.id,
      verified: true,
      isActive: true,
    })
    .returning();
  if (!row) throw new Error('no user');
  if (options.subscribed !== false) {
    const [price] = await db
      .select()
      .from(planPrices)
      .where(eq(planPrices.category, options.category ?? 'MonthlyGrowth'));
    if (!price) throw new Error('no plan price');
    const now = new Date();
    await db.insert(subscriptions).values({
      orgId: org.id,
      planPriceId: price.id,
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * 24 * 3600_000),
    });
  }
  return {
    email,
    password: PASSWORD,
    userId: row.id,
    orgId: org.id,
    token: await login(ctx, email, PASSWORD),
  };
}

/** A course with its category and author, inserted directly (authoring has its own tests). */
export async function createCourse(
  ctx: TestContext,
  orgId: number,
  options: { title?: string; published?: boolean; priceCents?: number } = {},
) {
  const { db } = ctx.database;
  const [category] = await db.insert(categories).values({ orgId, name: 'Design' }).returning();
  const [author] = await db
    .insert(authors)
    .values({
      orgId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'F',
      email: 'ada@example.com',
      bio: 'Writes.',
    })
    .returning();
  if (!category || !author) throw new Error('no category or author');
  const [course] = await db
    .insert(courses)
    .values({
      orgId,
      title: options.title ?? 'Intro to Design',
      description: 'Shapes and colours.',
      priceCents: options.priceCents ?? 1999,
      priceTypeId: 2,
      categoryId: category.id,
      authorId: author.id,
      published: options.published ?? true,
    })
    .returning();
  if (!course) throw new Error('no course');
  return course;
}
