import { MSG, organisationSchema, subscriptionTypeCategorySchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { organisations, subscriptions, users } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const orgBody = (email: string) => ({
  org_Name: 'Northwind Academy',
  org_Description: 'Evening classes',
  org_url: 'https://northwind.example.com',
  primary_email: email,
  password: 'publisher pass',
  role_id: 1,
  is_active: false,
  VerificationCode: '',
  Verified: false,
  fullName: 'Nora North',
});
const registerOrg = (body: unknown) =>
  call(ctx.app, { method: 'POST', url: '/api/organization/RegisterOrg', body });

describe('organization/RegisterOrg', () => {
  test('creates the organisation and its unverified publisher, mails a code; login then finds no subscription', async () => {
    const email = uniqueEmail('org');
    const res = await registerOrg(orgBody(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.registrationSuccess });
    const { org_Id, user_id } = res.json();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, user_id));
    expect(user).toMatchObject({ roleId: 1, orgId: org_Id, verified: false });

    const code = ctx.mailer.lastCode(email);
    const verified = await call(ctx.app, {
      method: 'POST',
      url: '/api/users/VerifyVerificationCode',
      body: { email, verificationCode: code },
    });
    expect(verified.json().verified).toBe(true);

    const login = await call(ctx.app, {
      method: 'POST',
      url: '/api/users/Login',
      body: { username: email, password: 'publisher pass' },
    });
    expect(login.json().user).toEqual({ org_Id, user_id, verified: true, role_id: 1 });
    const org = await call(ctx.app, {
      method: 'GET',
      url: `/api/organization/getOrgById/${org_Id}`,
      token: login.json().token,
    });
    expect(org.statusCode).toBe(200);
    expect(organisationSchema.parse(org.json())).toMatchObject({
      org_Name: 'Northwind Academy',
      org_url: 'https://northwind.example.com',
      isSubscribed: false,
      subscriptionStatus: 'inactive',
      plan: null,
    });
  });

  test('the description is optional; every other field is required', async () => {
    const { org_Description: _omit, ...withoutDescription } = orgBody(uniqueEmail('org'));
    expect((await registerOrg(withoutDescription)).statusCode).toBe(201);
    for (const field of ['org_Name', 'org_url', 'primary_email', 'fullName', 'password'] as const) {
      const body: Record<string, unknown> = orgBody(uniqueEmail('org'));
      delete body[field];
      const res = await registerOrg(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toEqual({ field, message: 'is required' });
    }
  });

  test.each([
    ['org_url', 'not a url'],
    ['org_url', 'javascript:alert(1)'],
    ['primary_email', 'nobody'],
    ['password', 'short'],
    ['org_Name', 'x'.repeat(101)],
  ])('%s = %j is a 400 naming it', async (field, value) => {
    const res = await registerOrg({ ...orgBody(uniqueEmail('org')), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  });

  test('an e-mail already used is a 409 and creates no organisation', async () => {
    const student = await createStudent(ctx);
    const before = (await ctx.database.db.select().from(organisations)).length;
    const res = await registerOrg(orgBody(student.email));
    expect(res.statusCode).toBe(409);
    expect((await ctx.database.db.select().from(organisations)).length).toBe(before);
  });

  test('when the code cannot be mailed nothing is left behind', async () => {
    const email = uniqueEmail('org');
    const before = (await ctx.database.db.select().from(organisations)).length;
    ctx.mailer.failNext = true;
    expect((await registerOrg(orgBody(email))).statusCode).toBe(502);
    expect((await ctx.database.db.select().from(organisations)).length).toBe(before);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe('organization/getOrgById', () => {
  test('its own publisher reads it with the running subscription', async () => {
    const publisher = await createPublisher(ctx, { category: 'AnnualBasic' });
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/organization/getOrgById/${publisher.orgId}`,
      token: publisher.token,
    });
    expect(res.json()).toMatchObject({
      org_Id: publisher.orgId,
      isSubscribed: true,
      subscriptionStatus: 'active',
      subscriptionCategory: 'AnnualBasic',
      plan: 'Basic',
    });
  });

  test('a lapsed subscription reads as inactive', async () => {
    const publisher = await createPublisher(ctx);
    await ctx.database.db
      .update(subscriptions)
      .set({ periodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.orgId, publisher.orgId ?? 0));
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/organization/getOrgById/${publisher.orgId}`,
      token: publisher.token,
    });
    expect(res.json()).toMatchObject({ isSubscribed: false, subscriptionStatus: 'inactive' });
  });

  test('a student, another organisation and an anonymous caller cannot read it', async () => {
    const publisher = await createPublisher(ctx);
    const other = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const url = `/api/organization/getOrgById/${publisher.orgId}`;
    expect((await call(ctx.app, { method: 'GET', url, token: student.token })).statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url, token: other.token })).statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
    const bad = await call(ctx.app, {
      method: 'GET',
      url: '/api/organization/getOrgById/abc',
      token: publisher.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('id');
  });
});

describe('plans and prices', () => {
  test('pricingplan: six prices, annual is twelve months at 20% off', async () => {
    const [record] = (await call(ctx.app, { method: 'GET', url: '/api/pricingplan' })).json();
    for (const plan of ['Kickstart', 'Basic', 'Growth']) {
      expect(record[`annual${plan}`]).toBeCloseTo(record[`monthly${plan}`] * 12 * 0.8, 2);
    }
  });

  test('getAllAdminSubscriptionTypeCategory lists the six categories with their limits', async () => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: '/api/organization/getAllAdminSubscriptionTypeCategory',
    });
    const rows = res.json().map((r: unknown) => subscriptionTypeCategorySchema.parse(r));
    expect(rows.map((r: { subscriptionCategoryType: string }) => r.subscriptionCategoryType).sort()).toEqual([
      'AnnualBasic',
      'AnnualGrowth',
      'AnnualKickstart',
      'MonthlyBasic',
      'MonthlyGrowth',
      'MonthlyKickstart',
    ]);
    expect(
      rows.find(
        (r: { subscriptionCategoryType: string }) => r.subscriptionCategoryType === 'MonthlyKickstart',
      ),
    ).toMatchObject({
      maxProducts: 1,
      maxContacts: 250,
      months: 1,
    });
  });
});
