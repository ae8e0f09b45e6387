import { ROLE } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import {
  authors,
  categories,
  courses,
  lessons,
  organisations,
  planPrices,
  sections,
  subscriptions,
  users,
} from '../src/db/schema';
import { hashPassword, newToken, sha256 } from '../src/lib/crypto';
import { insertSession } from '../src/modules/users/session.repository';
import type { Actor } from '../src/plugins/auth';
import { call, type TestContext, uniqueEmail } from './helpers';

export type TestUser = {
  email: string;
  password: string;
  userId: number;
  orgId: number | null;
  token: string;
};

const PASSWORD = 'correct horse 1';

/**
 * Every factory user has the same password, so it is hashed once per test file: a full scrypt hash per user
 * made the suites slow on a busy machine, and the login flow has tests of its own.
 */
let passwordHash: Promise<string> | undefined;
const hashedPassword = () => {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
};

/** A session for the user, as a login makes it, written directly: no HTTP login, no password check. */
async function signIn(ctx: TestContext, userId: number): Promise<string> {
  const token = newToken();
  await insertSession(ctx.database.db, userId, sha256(token), new Date(Date.now() + 24 * 3600_000));
  return token;
}

/** A verified student, signed in. Inserted directly: the sign-up flow has its own tests. */
export async function createStudent(ctx: TestContext, fullName = 'Sam Student'): Promise<TestUser> {
  const email = uniqueEmail('student');
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashedPassword(),
      fullName,
      roleId: ROLE.STUDENT,
      verified: true,
      isActive: true,
    })
    .returning();
  if (!row) throw new Error('no user');
  return { email, password: PASSWORD, userId: row.id, orgId: null, token: await signIn(ctx, row.id) };
}

/** A student as the service sees the caller behind its token. */
export const studentActor = (student: TestUser, fullName = 'Sam Student'): Actor => ({
  sessionId: 0,
  userId: student.userId,
  email: student.email,
  fullName,
  role: ROLE.STUDENT,
  orgId: null,
  team: null,
  verified: true,
});

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
      passwordHash: await hashedPassword(),
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
    token: await signIn(ctx, row.id),
  };
}

/**
 * A member of a school's team with a role (docs/decisions/039), as an accepted invitation leaves it,
 * inserted directly (the invitation flow has its own tests), signed in.
 */
export async function createTeamMember(
  ctx: TestContext,
  orgId: number,
  teamRole: 'owner' | 'admin' | 'instructor',
): Promise<TestUser> {
  const email = uniqueEmail(teamRole);
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashedPassword(),
      fullName: `Tess ${teamRole}`,
      roleId: ROLE.PUBLISHER,
      orgId,
      teamRole,
      verified: true,
      isActive: true,
    })
    .returning();
  if (!row) throw new Error('no user');
  return { email, password: PASSWORD, userId: row.id, orgId, token: await signIn(ctx, row.id) };
}

/**
 * A course with its category and author, inserted directly (authoring has its own tests). `withLesson`
 * adds a published section holding a published lesson: what a course needs to be sold (decision 017).
 */
export async function createCourse(
  ctx: TestContext,
  orgId: number,
  options: { title?: string; published?: boolean; priceCents?: number; withLesson?: boolean } = {},
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
  if (options.withLesson) await addVisibleLesson(ctx, course.id);
  return course;
}

/** A published section holding a published PDF lesson, at the end of the course: something to study. */
export async function addVisibleLesson(ctx: TestContext, courseId: number) {
  const { db } = ctx.database;
  const [section] = await db
    .insert(sections)
    .values({ courseId, name: 'Basics', published: true, orderNumber: 1 })
    .returning();
  if (!section) throw new Error('no section');
  const [lesson] = await db
    .insert(lessons)
    .values({ sectionId: section.id, title: 'Notes', contentType: 'pdf', published: true })
    .returning();
  if (!lesson) throw new Error('no lesson');
  return { section, lesson };
}

/**
 * A publisher's school buys a plan at checkout as the web app does: organization/CreateOrder (through
 * `provider`, or the default one), the provider's approval of the order (`approve`: its page), then
 * organization/CaptureOrder. Answers the order's id.
 */
export async function buyPlan(
  ctx: TestContext,
  publisher: TestUser,
  plan: { category: string; price: number; provider?: string },
  approve: (orderId: string) => Promise<unknown> | unknown,
): Promise<string> {
  const post = (url: string, body: unknown) =>
    call(ctx.app, { method: 'POST', url, body, token: publisher.token });
  const created = await post('/api/organization/CreateOrder', {
    price: plan.price,
    user_id: publisher.userId,
    subscriptionCategoryType: plan.category,
    ...(plan.provider ? { provider: plan.provider } : {}),
  });
  if (created.statusCode !== 201)
    throw new Error(`CreateOrder answered ${created.statusCode}: ${created.body}`);
  const { id } = created.json() as { id: string };
  await approve(id);
  const captured = await post('/api/organization/CaptureOrder', {
    orderId: id,
    subscriptionCategoryType: plan.category,
    price: plan.price,
  });
  if (captured.statusCode !== 200)
    throw new Error(`CaptureOrder answered ${captured.statusCode}: ${captured.body}`);
  return id;
}

/** organization/GetPlanRenewal as the publisher sees it. */
export async function planRenewalOf(ctx: TestContext, user: TestUser) {
  return (
    await call(ctx.app, { method: 'GET', url: '/api/organization/GetPlanRenewal', token: user.token })
  ).json();
}
