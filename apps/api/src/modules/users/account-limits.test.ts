import { createSecretKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPublisher, createStudent, type TestUser } from '../../../test/factories';
import {
  call,
  createTestContext,
  TEST_KEYS,
  TEST_SECRET,
  type TestContext,
  uniqueEmail,
} from '../../../test/helpers';
import { deriveAppKeys } from '../../lib/keys';
import { DEVICE_COOKIE, issueDeviceToken } from './device-token';

// Decision 002: wrong tries are counted per account and address (RATE_LIMIT_ACCOUNT_MAX per window)
// and per account from all addresses (RATE_LIMIT_ACCOUNT_HOURLY_MAX per hour, defaults kept here),
// where a browser that logged in to the account before is not counted.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

let attackerCounter = 0;
/** A fresh address for every wrong try: an attacker with many machines. */
const rotating = () => {
  attackerCounter += 1;
  return `2001:db8::${attackerCounter.toString(16)}`;
};

const cookieHeader = (device?: string): Record<string, string> =>
  device ? { cookie: `theme=dark; ${DEVICE_COOKIE}=${device}` } : {};

const login = (username: string, password: string, ip: string, device?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/users/Login',
    body: { username, password },
    ip,
    headers: cookieHeader(device),
  });
const verify = (email: string, verificationCode: string, ip: string, device?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/users/VerifyVerificationCode',
    body: { email, verificationCode },
    ip,
    headers: cookieHeader(device),
  });
const requestReset = (email: string, ip: string, device?: string) =>
  call(ctx.app, {
    method: 'PUT',
    url: '/api/users/resetPasswordRequest',
    body: { email },
    ip,
    headers: cookieHeader(device),
  });
const resetPassword = (email: string, code: string, ip: string, device?: string) =>
  call(ctx.app, {
    method: 'PUT',
    url: '/api/users/resetpassword',
    body: { email, password: 'a brand new password', VerificationCode: code },
    ip,
    headers: cookieHeader(device),
  });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The device token a successful login left in the browser. */
async function deviceOf(user: TestUser, ip = '192.0.2.50'): Promise<string> {
  const res = await login(user.email, user.password, ip);
  expect(res.statusCode).toBe(200);
  const cookie = String(res.headers['set-cookie']);
  expect(cookie).toMatch(
    new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/api/users; Max-Age=\\d+; HttpOnly; SameSite=Strict$`),
  );
  return cookie.slice(DEVICE_COOKIE.length + 1).split(';')[0] as string;
}

/** Sends `count` wrong tries at once, each from a new address; answers the statuses. */
async function burst(count: number, attempt: (ip: string, i: number) => Promise<{ statusCode: number }>) {
  const results = await Promise.all(Array.from({ length: count }, (_, i) => attempt(rotating(), i)));
  return results.map((r) => r.statusCode);
}

describe('an attacker rotating addresses', () => {
  test('gets at most RATE_LIMIT_ACCOUNT_HOURLY_MAX (at most 100) wrong passwords an hour judged', async () => {
    const student = await createStudent(ctx);
    const { accountHourlyMax } = ctx.config.rateLimit;
    expect(accountHourlyMax).toBeLessThanOrEqual(100);
    const statuses = await burst(accountHourlyMax + 20, (ip, i) => login(student.email, `wrong ${i}`, ip));
    expect(statuses.filter((s) => s === 401)).toHaveLength(accountHourlyMax);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Later tries from yet other addresses are still refused, unjudged, for up to an hour.
    const later = await login(student.email, 'another guess', rotating());
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toMatch(/^Too many attempts\. Please try again in (60|59) minutes\.$/);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(3500);
  });

  test('the owner, back in a browser that logged in before, gets in from yet another address', async () => {
    const student = await createStudent(ctx);
    const device = await deviceOf(student);
    await burst(ctx.config.rateLimit.accountHourlyMax + 5, (ip, i) => login(student.email, `wrong ${i}`, ip));
    expect((await login(student.email, student.password, rotating())).statusCode).toBe(429);

    const owner = await login(student.email, student.password, '198.51.100.7', device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
    // A mistyped password from that browser is an ordinary wrong password, not a lock-out.
    expect((await login(student.email, 'typo', '198.51.100.7', device)).statusCode).toBe(401);
  });

  test('a forged, altered, expired or other account device token does not get past the limit', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    const device = await deviceOf(student);
    const othersDevice = await deviceOf(other);
    await burst(ctx.config.rateLimit.accountHourlyMax, (ip, i) => login(student.email, `wrong ${i}`, ip));
    const [id, expires, signature] = device.split('.') as [string, string, string];
    const expired = issueDeviceToken(TEST_KEYS.deviceTokens, student.email, Date.now() - 91 * 86_400_000);
    for (const token of [
      othersDevice,
      `${id}.${Number(expires) + 1}.${signature}`,
      `${id}x.${expires}.${signature}`,
      expired,
      issueDeviceToken(deriveAppKeys('another secret of thirty-two characters').deviceTokens, student.email),
      // Signed with the root secret itself rather than the device-token key derived from it.
      issueDeviceToken(createSecretKey(Buffer.from(TEST_SECRET)), student.email),
      'garbage',
    ]) {
      expect((await login(student.email, student.password, rotating(), token)).statusCode).toBe(429);
    }
    expect((await login(student.email, student.password, rotating(), device)).statusCode).toBe(200);
  });

  test('a stolen device token that keeps failing stops counting as the owner', async () => {
    const student = await createStudent(ctx);
    const device = await deviceOf(student);
    const { accountMax, accountHourlyMax } = ctx.config.rateLimit;
    await burst(accountHourlyMax, (ip, i) => login(student.email, `wrong ${i}`, ip));
    const withToken = await burst(accountMax + 5, (ip, i) => login(student.email, `wrong ${i}`, ip, device));
    expect(withToken.filter((s) => s === 401)).toHaveLength(accountMax);
    expect(withToken.filter((s) => s === 429)).toHaveLength(5);
  });

  test('wrong codes are limited the same way, and the owner verifies from another address', async () => {
    const email = uniqueEmail();
    const register = await call(ctx.app, {
      method: 'POST',
      url: '/api/users/register',
      body: { email, password: 'a good password', role_id: 3, fullName: 'Alex Learner' },
    });
    expect(register.statusCode).toBe(201);
    const { accountMax, accountHourlyMax } = ctx.config.rateLimit;
    // One address: its own limit, nobody else's.
    const attacker = '203.0.113.40';
    for (let i = 0; i < accountMax; i++) await verify(email, '000000', attacker);
    expect((await verify(email, '000000', attacker)).statusCode).toBe(429);
    // The attacker's wrong codes voided the pending one; the owner logs in for a fresh code.
    const owner = await login(email, 'a good password', '198.51.100.40');
    expect(owner.statusCode).toBe(200);
    const device = String(owner.headers['set-cookie'])
      .split(';')[0]
      ?.slice(DEVICE_COOKIE.length + 1);
    expect((await verify(email, ctx.mailer.lastCode(email), '198.51.100.41')).json()).toMatchObject({
      verified: true,
    });

    // Many addresses: the account-wide cap (the single address's wrong codes count there too), which
    // the owner's browser does not meet.
    const statuses = await burst(accountHourlyMax + 10, (ip) => verify(email, '000000', ip));
    expect(statuses.filter((s) => s === 200)).toHaveLength(accountHourlyMax - accountMax);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 + accountMax);
    expect((await requestReset(email, '198.51.100.42', device)).statusCode).toBe(200);
    const code = ctx.mailer.lastCode(email);
    expect((await verify(email, code, rotating())).statusCode).toBe(429);
    expect((await verify(email, code, '198.51.100.43', device)).json()).toMatchObject({ verified: true });
  });

  test('reset e-mails and reset codes are limited the same way; the owner still resets', async () => {
    const student = await createStudent(ctx);
    const device = await deviceOf(student);
    const { accountMax, accountHourlyMax } = ctx.config.rateLimit;
    const mails = await burst(accountHourlyMax + 5, (ip) => requestReset(student.email, ip));
    expect(mails.filter((s) => s === 200)).toHaveLength(accountHourlyMax);
    expect(mails.filter((s) => s === 429)).toHaveLength(5);
    expect(ctx.mailer.sent.filter((m) => m.to === student.email)).toHaveLength(accountHourlyMax);
    expect((await requestReset(student.email, '198.51.100.50', device)).statusCode).toBe(200);
    const code = ctx.mailer.lastCode(student.email);

    const attacker = '203.0.113.50';
    for (let i = 0; i < accountMax; i++) await resetPassword(student.email, wrongCode(code), attacker);
    expect((await resetPassword(student.email, code, attacker)).statusCode).toBe(429);
    // Five of those wrong codes voided the mailed one: the owner asks again and resets.
    expect((await requestReset(student.email, '198.51.100.51', device)).statusCode).toBe(200);
    const fresh = ctx.mailer.lastCode(student.email);
    expect((await resetPassword(student.email, fresh, '198.51.100.52')).statusCode).toBe(200);
    expect((await login(student.email, 'a brand new password', '198.51.100.53')).statusCode).toBe(200);
  });
});

describe('calls that tell whether an e-mail has an account', () => {
  test('share one budget per address (RATE_LIMIT_ADDRESS_MAX), whichever of them is used', async () => {
    const lookups = await createTestContext({ RATE_LIMIT_ADDRESS_MAX: '6' });
    try {
      const publisher = await createPublisher(lookups);
      const student = await createStudent(lookups);
      const ip = '203.0.113.60';
      const calls = [
        () =>
          call(lookups.app, {
            method: 'GET',
            url: `/api/users/checkUserExists?email=${encodeURIComponent(student.email)}`,
            token: publisher.token,
            ip,
          }),
        () =>
          call(lookups.app, {
            method: 'POST',
            url: '/api/users/register',
            body: { email: student.email, password: 'a good password', role_id: 3, fullName: 'Guess' },
            ip,
          }),
        () =>
          call(lookups.app, {
            method: 'PUT',
            url: '/api/users/resetPasswordRequest',
            body: { email: student.email },
            ip,
          }),
        () =>
          call(lookups.app, {
            method: 'POST',
            url: '/api/organization/RegisterOrg',
            body: {
              org_Name: 'Guessing School',
              org_url: 'https://guess.example.com',
              primary_email: student.email,
              fullName: 'Guess',
              password: 'a good password',
            },
            ip,
          }),
        () =>
          call(lookups.app, {
            method: 'POST',
            url: '/api/studentCourse/registerStudent',
            body: { name: 'Guess', email: student.email },
            token: publisher.token,
            ip,
          }),
      ];
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const lookup = calls[i % calls.length] as (typeof calls)[number];
        answers.push((await lookup()).statusCode);
      }
      expect(answers).toEqual([200, 409, 200, 409, 409, 200]);
      for (const lookup of calls) {
        const res = await lookup();
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toMatch(/^Too many attempts/);
        expect(res.headers['retry-after']).toBeDefined();
      }
      // Another address is not affected.
      const elsewhere = await call(lookups.app, {
        method: 'GET',
        url: `/api/users/checkUserExists?email=${encodeURIComponent(student.email)}`,
        token: publisher.token,
      });
      expect(elsewhere.json()).toBe(true);
    } finally {
      await lookups.close();
    }
  });
});
