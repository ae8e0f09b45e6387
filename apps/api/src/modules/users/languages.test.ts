import { loginResponseSchema, myLanguageResponseSchema, myProfileSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { organisations, users } from '../../db/schema';

// A person's language (docs/decisions/044): GetMyProfile's `language`, users/SetMyLanguage, and the
// optional `language` of users/register and organization/RegisterOrg (README "Additions").
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const myProfile = (token?: string) =>
  call(ctx.app, { method: 'GET', url: '/api/users/GetMyProfile', ...(token ? { token } : {}) });
const setLanguage = (token: string | undefined, body: unknown) =>
  call(ctx.app, { method: 'PUT', url: '/api/users/SetMyLanguage', body, ...(token ? { token } : {}) });

const languageOf = async (userId: number) => {
  const [row] = await ctx.database.db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row?.language;
};

/** The 400's detail for `field`. */
const detailOf = (body: { details?: Array<{ field: string; message: string }> }, field: string) =>
  body.details?.find((detail) => detail.field === field);

describe('users/SetMyLanguage and GetMyProfile', () => {
  test('a person sets, changes and clears their language; the profile answers it (null when unset)', async () => {
    const student = await createStudent(ctx);
    const before = await myProfile(student.token);
    expect(before.statusCode).toBe(200);
    expect(myProfileSchema.parse(before.json()).language).toBeNull();

    const set = await setLanguage(student.token, { language: 'es' });
    expect(set.statusCode, set.body).toBe(200);
    expect(myLanguageResponseSchema.parse(set.json())).toEqual({ language: 'es' });
    expect((await myProfile(student.token)).json().language).toBe('es');

    expect((await setLanguage(student.token, { language: 'ar' })).json()).toEqual({ language: 'ar' });
    expect(await languageOf(student.userId)).toBe('ar');

    const cleared = await setLanguage(student.token, { language: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ language: null });
    expect((await myProfile(student.token)).json().language).toBeNull();
  });

  test('a school’s publisher sets their own language; the school’s default stays as it was', async () => {
    const publisher = await createPublisher(ctx);
    expect((await setLanguage(publisher.token, { language: 'es' })).statusCode).toBe(200);
    expect((await myProfile(publisher.token)).json().language).toBe('es');
    const [org] = await ctx.database.db
      .select({ language: organisations.language })
      .from(organisations)
      .where(eq(organisations.id, publisher.orgId ?? 0));
    expect(org?.language).toBe('en');
  });

  test('the login answer carries the language when one is set, and only then', async () => {
    const student = await createStudent(ctx);
    const login = () =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/users/Login',
        body: { username: student.email, password: student.password },
      });
    const before = await login();
    expect(before.statusCode).toBe(200);
    expect(loginResponseSchema.parse(before.json()).user).not.toHaveProperty('language');
    await setLanguage(student.token, { language: 'es' });
    expect((await login()).json().user).toEqual({
      org_Id: null,
      user_id: student.userId,
      verified: true,
      role_id: 3,
      language: 'es',
    });
  });

  test('no token: 401 and nothing changes', async () => {
    expect((await setLanguage(undefined, { language: 'es' })).statusCode).toBe(401);
    expect((await myProfile()).statusCode).toBe(401);
  });

  test('the token decides whose language: another account named in the body is not touched', async () => {
    const one = await createStudent(ctx);
    const other = await createPublisher(ctx);
    const answer = await setLanguage(other.token, {
      language: 'ar',
      email: one.email,
      user_id: one.userId,
    });
    expect(answer.statusCode).toBe(200);
    expect(await languageOf(other.userId)).toBe('ar');
    expect(await languageOf(one.userId)).toBeNull();
  });

  test('bad input is a 400 naming language', async () => {
    const student = await createStudent(ctx);
    const cases: Array<[unknown, RegExp]> = [
      [{}, /is required/],
      [{ language: 'fr' }, /one of en, es, ar/],
      [{ language: 'ES' }, /one of en, es, ar/],
      [{ language: 7 }, /one of en, es, ar/],
      [{ language: '' }, /one of en, es, ar/],
    ];
    for (const [body, message] of cases) {
      const answer = await setLanguage(student.token, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(detailOf(answer.json(), 'language')?.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await languageOf(student.userId)).toBeNull();
  });
});

describe('registration takes a language', () => {
  const studentBody = (email: string, language?: unknown) => ({
    email,
    password: 'a good password',
    role_id: 3,
    is_active: false,
    VerificationCode: '',
    Verified: false,
    fullName: 'Alex Learner',
    ...(language === undefined ? {} : { language }),
  });
  const orgBody = (email: string, language?: unknown) => ({
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
    ...(language === undefined ? {} : { language }),
  });
  const register = (body: unknown) => call(ctx.app, { method: 'POST', url: '/api/users/register', body });
  const registerOrg = (body: unknown) =>
    call(ctx.app, { method: 'POST', url: '/api/organization/RegisterOrg', body });

  test('a student’s sign-up keeps the language sent; without one the account has none', async () => {
    const spanish = await register(studentBody(uniqueEmail('es'), 'es'));
    expect(spanish.statusCode, spanish.body).toBe(201);
    expect(await languageOf(spanish.json().user_id)).toBe('es');
    const plain = await register(studentBody(uniqueEmail('plain')));
    expect(plain.statusCode).toBe(201);
    expect(await languageOf(plain.json().user_id)).toBeNull();
  });

  test('an organisation’s registration keeps it as the publisher’s language; the school’s default stays English', async () => {
    const answer = await registerOrg(orgBody(uniqueEmail('org'), 'ar'));
    expect(answer.statusCode, answer.body).toBe(201);
    const { user_id, org_Id } = answer.json();
    expect(await languageOf(user_id)).toBe('ar');
    const [org] = await ctx.database.db
      .select({ language: organisations.language })
      .from(organisations)
      .where(eq(organisations.id, org_Id));
    expect(org?.language).toBe('en');
    const plain = await registerOrg(orgBody(uniqueEmail('org-plain')));
    expect(plain.statusCode).toBe(201);
    expect(await languageOf(plain.json().user_id)).toBeNull();
  });

  test('a language Skillwise does not speak is a 400 naming language, and no account is made', async () => {
    for (const [url, body, email] of [
      ['users/register', studentBody, uniqueEmail('bad')],
      ['organization/RegisterOrg', orgBody, uniqueEmail('bad-org')],
    ] as const) {
      const answer = await (url === 'users/register' ? register : registerOrg)(body(email, 'de'));
      expect(answer.statusCode, url).toBe(400);
      expect(detailOf(answer.json(), 'language')?.message, url).toMatch(/one of en, es, ar/);
      const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
      expect(rows, url).toHaveLength(0);
    }
  });
});
