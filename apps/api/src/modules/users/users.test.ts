import { loginResponseSchema, MSG, userProfileSchema } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, nextAddress, type TestContext, uniqueEmail } from '../../../test/helpers';
import { users, verificationCodes } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ADDRESS_MAX: '30' });
});
afterAll(async () => ctx.close());

const register = (body: unknown, ip?: string) =>
  call(ctx.app, { method: 'POST', url: '/api/users/register', body, ...(ip ? { ip } : {}) });
const login = (username: string, password: string, ip?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/users/Login',
    body: { username, password },
    ...(ip ? { ip } : {}),
  });
const verify = (email: string, verificationCode: unknown, ip?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/users/VerifyVerificationCode',
    body: { email, verificationCode },
    ...(ip ? { ip } : {}),
  });
const studentBody = (email: string, password = 'a good password') => ({
  email,
  password,
  role_id: 3,
  is_active: false,
  VerificationCode: '',
  Verified: false,
  fullName: 'Alex Learner',
});
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userRow(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('users/register and VerifyVerificationCode', () => {
  test('a student signs up, gets a code by mail, verifies and logs in', async () => {
    const email = uniqueEmail();
    const res = await register(studentBody(email));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: MSG.registrationSuccess, org_Id: null });

    const row = await userRow(email);
    expect(row).toMatchObject({ roleId: 3, verified: false, isActive: false });
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('a good password');

    const code = ctx.mailer.lastCode(email);
    const [stored] = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, row?.id ?? 0));
    expect(stored?.codeHash).not.toContain(code);

    const before = await login(email, 'a good password');
    expect(before.statusCode).toBe(200);
    expect(before.json().user).toMatchObject({ verified: false, role_id: 3 });

    const wrong = await verify(email, wrongCode(code));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ verified: false, message: MSG.invalidCode, reason: 'invalid' });

    const ok = await verify(email, code);
    expect(ok.json()).toMatchObject({ verified: true });
    expect(await userRow(email)).toMatchObject({ verified: true, isActive: true });

    const after = loginResponseSchema.parse((await login(email, 'a good password')).json());
    expect(after.user).toEqual({ org_Id: null, user_id: row?.id, verified: true, role_id: 3 });
    expect(after.token.length).toBeGreaterThan(30);

    // A code works once.
    expect((await verify(email, code)).json().verified).toBe(false);
  });

  test('the e-mail is case-insensitive and cannot be registered twice', async () => {
    const email = uniqueEmail();
    expect((await register(studentBody(email))).statusCode).toBe(201);
    const again = await register(studentBody(email.toUpperCase()));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', details: [{ field: 'email' }] });
  });

  test.each([
    [{}, 'email'],
    [{ ...studentBody('not-an-email') }, 'email'],
    [{ ...studentBody(uniqueEmail()), password: 'short' }, 'password'],
    [{ ...studentBody(uniqueEmail()), password: 12345678 }, 'password'],
    [{ ...studentBody(uniqueEmail()), fullName: '   ' }, 'fullName'],
    [{ ...studentBody(uniqueEmail()), role_id: 1 }, 'role_id'],
    [[1, 2], 'body'],
  ])('bad input %j is a 400 naming %s', async (body, field) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(res.json().message).toContain(field);
  });

  test('malformed JSON is a 400, not a 500', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/users/register',
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', details: [{ field: 'body' }] });
  });

  test('when the code cannot be mailed, sign-up fails cleanly and can be retried', async () => {
    const email = uniqueEmail();
    ctx.mailer.failNext = true;
    const res = await register(studentBody(email));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(MSG.codeSendFailed);
    expect(await userRow(email)).toBeUndefined();
    expect((await register(studentBody(email))).statusCode).toBe(201);
  });

  test('an expired code does not verify', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    const code = ctx.mailer.lastCode(email);
    const row = await userRow(email);
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, row?.id ?? 0));
    const res = await verify(email, code);
    expect(res.json()).toEqual({
      verified: false,
      message: 'This code has expired. Please request a new code.',
      reason: 'expired',
    });
    expect((await userRow(email))?.verified).toBe(false);
  });

  test('a code dies for an address after 5 wrong tries from it, even if the right one comes next', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    const code = ctx.mailer.lastCode(email);
    const guesser = nextAddress();
    for (let i = 0; i < 5; i++) {
      expect((await verify(email, wrongCode(code), guesser)).json().verified).toBe(false);
    }
    const res = await verify(email, code, guesser);
    expect(res.json().verified).toBe(false);
    expect(res.json()).toMatchObject({
      reason: 'exhausted',
      message: expect.stringMatching(/Too many wrong tries/),
    });
  });

  test('wrong codes sent from elsewhere do not kill the owner’s code', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    const code = ctx.mailer.lastCode(email);
    // A stranger who knows the e-mail tries five wrong codes from each of three addresses.
    for (const stranger of [nextAddress(), nextAddress(), nextAddress()]) {
      for (let i = 0; i < 5; i++) await verify(email, wrongCode(code), stranger);
    }
    expect((await verify(email, code, nextAddress())).json()).toMatchObject({ verified: true });
  });

  test('an unverified login mails a fresh code when the old one no longer works', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    const first = ctx.mailer.lastCode(email);
    const row = await userRow(email);
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, row?.id ?? 0));
    expect((await login(email, 'a good password')).json().user.verified).toBe(false);
    const second = ctx.mailer.lastCode(email);
    expect((await verify(email, first)).json().verified).toBe(first === second);
    expect((await verify(email, second)).json().verified).toBe(true);
  });

  test('logging in again resends the same sign-up code, at most once a minute', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    const first = ctx.mailer.lastCode(email);
    const mailsTo = () => ctx.mailer.sent.filter((m) => m.to === email).length;
    expect(mailsTo()).toBe(1);
    await login(email, 'a good password');
    expect(mailsTo()).toBe(1);
    const row = await userRow(email);
    // The code was last mailed a minute ago (it lives 15 minutes from its last mail).
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() + 14 * 60_000 - 1000) })
      .where(eq(verificationCodes.userId, row?.id ?? 0));
    await login(email, 'a good password');
    expect(mailsTo()).toBe(2);
    expect(ctx.mailer.lastCode(email)).toBe(first);
    const [renewed] = await ctx.database.db
      .select({ expiresAt: verificationCodes.expiresAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, row?.id ?? 0));
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await verify(email, first)).json().verified).toBe(true);
  });

  test.each([
    [{ email: 'x@example.com', verificationCode: '12345' }, 'verificationCode'],
    [{ email: 'x@example.com', verificationCode: 'abcdef' }, 'verificationCode'],
    [{ email: 'x@example.com' }, 'verificationCode'],
    [{ verificationCode: '123456' }, 'email'],
  ])('verification bad input %j is a 400 naming %s', async (body, field) => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/users/VerifyVerificationCode', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  });

  test('a verified user cannot be driven back by an unverified token to other calls', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    const token = (await login(email, 'a good password')).json().token;
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/users/getUserByemailID?email=${email}`,
      token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_VERIFIED');
  });
});

describe('users/Login', () => {
  test('a wrong password or unknown user answers no token', async () => {
    const student = await createStudent(ctx);
    for (const res of [
      await login(student.email, 'wrong password'),
      await login(uniqueEmail(), 'whatever1'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().token).toBeUndefined();
      expect(res.json().message).toBe(MSG.loginFailed);
    }
  });

  test.each([
    [{ password: 'x' }, 'username'],
    [{ username: 'a@example.com' }, 'password'],
    [{ username: 42, password: 'x' }, 'username'],
  ])('bad input %j is a 400 naming %s', async (body, field) => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/users/Login', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field });
  });

  test('wrong passwords are limited per account and address; the owner still gets in from another', async () => {
    const student = await createStudent(ctx);
    const attacker = '203.0.113.10';
    for (let i = 0; i < ctx.config.rateLimit.accountMax; i++) {
      expect((await login(student.email, `wrong ${i}`, attacker)).statusCode).toBe(401);
    }
    const limited = await login(student.email, student.password, attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in 15 minutes\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(student.email, student.password, '198.51.100.200')).statusCode).toBe(200);
  });

  test('wrong passwords sent all at once are limited too: only the limit is judged', async () => {
    const student = await createStudent(ctx);
    const max = ctx.config.rateLimit.accountMax;
    const attacker = '203.0.113.11';
    const results = await Promise.all(
      Array.from({ length: 3 * max }, (_, i) => login(student.email, `wrong ${i}`, attacker)),
    );
    const statuses = results.map((r) => r.statusCode);
    // Only `max` of the burst were judged at all; the rest were refused before the password was checked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * max);
    expect((await login(student.email, student.password, attacker)).statusCode).toBe(429);
    expect((await login(student.email, student.password, '198.51.100.201')).statusCode).toBe(200);
  });

  test('requests are rate limited per address', async () => {
    const ip = '192.0.2.77';
    let last = 0;
    for (let i = 0; i <= ctx.config.rateLimit.addressMax; i++) {
      last = (await login(uniqueEmail(), 'whatever1', ip)).statusCode;
    }
    expect(last).toBe(429);
    expect((await login(uniqueEmail(), 'whatever1', '192.0.2.78')).statusCode).toBe(401);
  });

  test('logout revokes the token', async () => {
    const student = await createStudent(ctx);
    const me = () =>
      call(ctx.app, {
        method: 'GET',
        url: `/api/users/getUserByemailID?email=${student.email}`,
        token: student.token,
      });
    expect((await me()).statusCode).toBe(200);
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/users/Logout', token: student.token })).json(),
    ).toEqual({
      message: MSG.logout,
    });
    expect((await me()).statusCode).toBe(401);
  });
});

describe('users/ResendVerificationCode', () => {
  const resend = (body: unknown, options: { ip?: string; token?: string } = {}) =>
    call(ctx.app, { method: 'POST', url: '/api/users/ResendVerificationCode', body, ...options });
  const mailsTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email).length;
  const lastMailedMinuteAgo = async (email: string) => {
    const row = await userRow(email);
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() + 14 * 60_000 - 1000) })
      .where(eq(verificationCodes.userId, row?.id ?? 0));
  };

  test('mails the same sign-up code again once a minute has passed, and says when it did not', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    const first = ctx.mailer.lastCode(email);

    // Moments after sign-up: nothing new is sent, and the screen is told how long to wait.
    const early = await resend({ email });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ email, sent: false });
    expect(early.json().message).toContain('less than a minute ago');
    expect(early.json().resendAfterSeconds).toBeGreaterThan(50);
    expect(early.json().resendAfterSeconds).toBeLessThanOrEqual(60);
    expect(mailsTo(email)).toBe(1);

    await lastMailedMinuteAgo(email);
    const again = await resend({ email });
    expect(again.json()).toMatchObject({ email, sent: true, resendAfterSeconds: 60 });
    expect(mailsTo(email)).toBe(2);
    expect(ctx.mailer.lastCode(email)).toBe(first);
    expect((await verify(email, first)).json().verified).toBe(true);
  });

  test('works without a token; another account’s token changes nothing (the code goes to the e-mail’s own mailbox)', async () => {
    const email = uniqueEmail();
    await register(studentBody(email));
    await lastMailedMinuteAgo(email);
    const publisher = await createPublisher(ctx);
    const publisherMails = mailsTo(publisher.email);
    const res = await resend({ email }, { token: publisher.token });
    expect(res.json()).toMatchObject({ email, sent: true });
    expect(ctx.mailer.sent.at(-1)?.to).toBe(email);
    expect(mailsTo(publisher.email)).toBe(publisherMails);
  });

  test('bad input is a 400 naming email; an unknown e-mail a 404, a verified account a 409', async () => {
    for (const body of [{}, { email: 'not an e-mail' }, { email: 42 }]) {
      const res = await resend(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('email');
    }
    const unknown = await resend({ email: uniqueEmail() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.codeSendFailedCheckEmail);
    const student = await createStudent(ctx);
    const verified = await resend({ email: student.email });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().details[0].field).toBe('email');
  });

  test('counts in the address’s shared lookup budget (429 past it)', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push((await resend({ email: uniqueEmail() }, { ip })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('password reset', () => {
  const requestReset = (email: unknown, ip?: string) =>
    call(ctx.app, {
      method: 'PUT',
      url: '/api/users/resetPasswordRequest',
      body: { email },
      ...(ip ? { ip } : {}),
    });
  const reset = (body: unknown, ip?: string) =>
    call(ctx.app, { method: 'PUT', url: '/api/users/resetpassword', body, ...(ip ? { ip } : {}) });

  test('request, code, new password, login with it; old sessions end', async () => {
    const student = await createStudent(ctx);
    const res = await requestReset(student.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    const code = ctx.mailer.lastCode(student.email);
    expect((await verify(student.email, code)).json().verified).toBe(true);

    const done = await reset({
      email: student.email,
      password: 'brand new secret',
      VerificationCode: code,
      is_active: true,
      Verified: true,
    });
    expect(done.statusCode).toBe(200);
    expect((await login(student.email, student.password)).statusCode).toBe(401);
    expect((await login(student.email, 'brand new secret')).statusCode).toBe(200);
    const old = await call(ctx.app, {
      method: 'GET',
      url: `/api/users/getUserByemailID?email=${student.email}`,
      token: student.token,
    });
    expect(old.statusCode).toBe(401);
    // The code is used up.
    expect(
      (await reset({ email: student.email, password: 'another secret', VerificationCode: code })).statusCode,
    ).toBe(400);
  });

  test('knowing the e-mail is not enough: no code, a wrong code or a verify code are refused', async () => {
    const student = await createStudent(ctx);
    const noCode = await reset({ email: student.email, password: 'attacker pass' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details[0].field).toBe('VerificationCode');

    await requestReset(student.email);
    const code = ctx.mailer.lastCode(student.email);
    const wrong = await reset({
      email: student.email,
      password: 'attacker pass',
      VerificationCode: wrongCode(code),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_INVALID');
    expect((await login(student.email, 'attacker pass')).statusCode).toBe(401);

    // Another account's code does not work for this one.
    const other = await createStudent(ctx);
    await requestReset(other.email);
    const otherCode = ctx.mailer.lastCode(other.email);
    if (otherCode !== code) {
      expect(
        (await reset({ email: student.email, password: 'attacker pass', VerificationCode: otherCode }))
          .statusCode,
      ).toBe(400);
    }
    expect((await login(student.email, student.password)).statusCode).toBe(200);
  });

  test('guessing the reset code dies after 5 tries from an address; the owner’s own try still works', async () => {
    const student = await createStudent(ctx);
    await requestReset(student.email);
    const code = ctx.mailer.lastCode(student.email);
    const guesser = nextAddress();
    const attempt = (VerificationCode: string, ip: string) =>
      reset({ email: student.email, password: 'attacker pass', VerificationCode }, ip);
    for (let i = 0; i < 5; i++) await attempt(wrongCode(code), guesser);
    const res = await attempt(code, guesser);
    expect(res.statusCode).toBe(400);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
    const owner = await reset(
      { email: student.email, password: 'owner new pass', VerificationCode: code },
      nextAddress(),
    );
    expect(owner.statusCode).toBe(200);
    expect((await login(student.email, 'owner new pass')).statusCode).toBe(200);
  });

  test('resetpassword answers an unknown e-mail as it answers an account without a live code', async () => {
    const noCode = await createStudent(ctx);
    const expired = await createStudent(ctx);
    await requestReset(expired.email);
    const expiredCode = ctx.mailer.lastCode(expired.email);
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, expired.userId));
    const used = await createStudent(ctx);
    await requestReset(used.email);
    const usedCode = ctx.mailer.lastCode(used.email);
    expect(
      (await reset({ email: used.email, password: 'owner new pass', VerificationCode: usedCode })).statusCode,
    ).toBe(200);

    const answers = [];
    for (const [email, code] of [
      [uniqueEmail(), '123456'],
      [noCode.email, '123456'],
      [expired.email, expiredCode],
      [used.email, usedCode],
    ] as const) {
      const res = await reset({ email, password: 'attacker pass', VerificationCode: code }, nextAddress());
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'CODE_INVALID',
        message: 'The verification code is invalid or has expired. Please request a new code.',
        details: [{ field: 'VerificationCode', message: 'is invalid or has expired' }],
      },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  test('an unknown e-mail is a 404 with the spec text; bad input a 400', async () => {
    const res = await requestReset(uniqueEmail());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.codeSendFailedCheckEmail);
    expect((await requestReset('nope')).statusCode).toBe(400);
    expect((await requestReset(undefined)).json().details[0].field).toBe('email');
  });

  test('reset mails to one mailbox are bounded: the live code again, once a minute, 5 per 15 minutes', async () => {
    const student = await createStudent(ctx);
    const mailsTo = () => ctx.mailer.sent.filter((m) => m.to === student.email);
    const row = await userRow(student.email);
    const lastMailedAgo = (ms: number) =>
      ctx.database.db
        .update(verificationCodes)
        .set({ expiresAt: new Date(Date.now() + 15 * 60_000 - ms) })
        .where(eq(verificationCodes.userId, row?.id ?? 0));
    expect((await requestReset(student.email, nextAddress())).json()).toBe(true);
    const code = ctx.mailer.lastCode(student.email);
    // Within the minute: the same answer, no mail.
    for (let i = 0; i < 5; i++) expect((await requestReset(student.email, nextAddress())).json()).toBe(true);
    expect(mailsTo()).toHaveLength(1);
    for (let i = 0; i < 6; i++) {
      await lastMailedAgo(61_000);
      expect((await requestReset(student.email, nextAddress())).json()).toBe(true);
    }
    expect(mailsTo()).toHaveLength(5);
    expect(new Set(mailsTo().map((m) => m.text.match(/\b(\d{6})\b/)?.[1]))).toEqual(new Set([code]));
    // However many requests came, the mailed code works.
    const done = await reset({ email: student.email, password: 'owner new pass', VerificationCode: code });
    expect(done.statusCode).toBe(200);
  });
});

describe('who may read and change accounts', () => {
  test('checkUserExists: a publisher asks about anyone, a student only about itself, nobody without a token', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const ask = (email: string, token?: string) =>
      call(ctx.app, {
        method: 'GET',
        url: `/api/users/checkUserExists?email=${encodeURIComponent(email)}`,
        ...(token ? { token } : {}),
      });
    expect((await ask(student.email, publisher.token)).json()).toBe(true);
    expect((await ask(uniqueEmail(), publisher.token)).json()).toBe(false);
    expect((await ask(student.email, student.token)).json()).toBe(true);
    expect((await ask(publisher.email, student.token)).statusCode).toBe(403);
    const anonymous = await ask(student.email);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.tokenMissing);
    expect((await ask('bad', publisher.token)).statusCode).toBe(400);
  });

  test('getUserByemailID: self, own organisation; never another organisation or a stranger', async () => {
    const publisher = await createPublisher(ctx);
    const otherPublisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    const read = (email: string, token?: string) =>
      call(ctx.app, {
        method: 'GET',
        url: `/api/users/getUserByemailID?email=${encodeURIComponent(email)}`,
        ...(token ? { token } : {}),
      });

    const self = await read(student.email, student.token);
    expect(self.statusCode).toBe(200);
    expect(userProfileSchema.parse(self.json())).toMatchObject({
      email: student.email,
      role_id: 3,
      can_edit: true,
    });
    expect(self.json()).not.toHaveProperty('passwordHash');
    expect(self.json()).not.toHaveProperty('password_hash');

    expect((await read(student.email, publisher.token)).statusCode).toBe(404);
    expect((await read(publisher.email, student.token)).statusCode).toBe(404);
    expect((await read(publisher.email, otherPublisher.token)).statusCode).toBe(404);
    expect((await read(student.email)).statusCode).toBe(401);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/users/getUserByemailID', token: student.token }))
        .statusCode,
    ).toBe(400);
  });

  test('changeUserProfile: a user changes its own name and, with its current password, its password; a publisher cannot touch a stranger', async () => {
    const student = await createStudent(ctx);
    const publisher = await createPublisher(ctx);
    const change = (body: unknown, token?: string) =>
      call(ctx.app, {
        method: 'PUT',
        url: '/api/users/changeUserProfile',
        body,
        ...(token ? { token } : {}),
      });

    const res = await change(
      {
        email: student.email,
        fullName: 'New Name',
        password: 'a newer password',
        currentPassword: student.password,
        pwresetRequest: false,
      },
      student.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.profileUpdated);
    expect((await userRow(student.email))?.fullName).toBe('New Name');
    expect((await login(student.email, 'a newer password')).statusCode).toBe(200);

    expect((await change({ email: student.email, fullName: 'Hijacked' }, publisher.token)).statusCode).toBe(
      404,
    );
    expect((await change({ email: student.email, fullName: 'Hijacked' })).statusCode).toBe(401);
    expect((await change({ email: student.email, password: 'short' }, student.token)).statusCode).toBe(400);
    expect((await userRow(student.email))?.fullName).toBe('New Name');
  });
});
