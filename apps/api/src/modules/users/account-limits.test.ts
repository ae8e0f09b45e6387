import { createSecretKey } from 'node:crypto';
import { like } from 'drizzle-orm';
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
import { rateLimits } from '../../db/schema';
import { deriveAppKeys } from '../../lib/keys';
import { ACCOUNT_RESERVE_SHARE, NEW_ADDRESS_TRIES } from '../../lib/rate-limit';
import { DEVICE_COOKIE, issueDeviceToken } from './device-token';

// Decision 002: wrong tries are counted per account and address (RATE_LIMIT_ACCOUNT_MAX per window)
// and per account from all addresses (RATE_LIMIT_ACCOUNT_HOURLY_MAX per hour, defaults kept here, half
// of it kept for addresses new to the account), where a browser that logged in to the account, or reset
// its password, before is not counted.
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

/** The device token an answer left in the browser. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const cookie = String(res.headers['set-cookie']);
  expect(cookie).toMatch(
    new RegExp(`^${DEVICE_COOKIE}=[^;]+; Path=/api/users; Max-Age=\\d+; HttpOnly; SameSite=Strict$`),
  );
  return cookie.slice(DEVICE_COOKIE.length + 1).split(';')[0] as string;
}

/** The device token a successful login left in the browser. */
async function deviceOf(user: TestUser, ip = '192.0.2.50'): Promise<string> {
  const res = await login(user.email, user.password, ip);
  expect(res.statusCode).toBe(200);
  return deviceCookieOf(res);
}

/** A stranger's seven addresses, each making RATE_LIMIT_ACCOUNT_MAX tries one after another. */
async function sevenAddresses(attempt: (ip: string, i: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  const ips: string[] = [];
  for (let a = 0; a < 7; a++) {
    const ip = rotating();
    ips.push(ip);
    for (let i = 0; i < ctx.config.rateLimit.accountMax; i++)
      statuses.push((await attempt(ip, i)).statusCode);
  }
  return { statuses, ips };
}

/** Moves every account-wide hour of `account` into the past: what an hour's wait does. */
async function anHourLater(account: string) {
  await ctx.database.db
    .update(rateLimits)
    .set({ windowStart: new Date(Date.now() - 3601_000) })
    .where(like(rateLimits.key, `%${account}%`));
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

  test('seventy wrong passwords from seven addresses: the owner’s right password still gets in from an eighth', async () => {
    const student = await createStudent(ctx);
    const { accountHourlyMax } = ctx.config.rateLimit;
    const { statuses, ips } = await sevenAddresses((ip, i) => login(student.email, `wrong ${i}`, ip));
    expect(statuses).toHaveLength(70);
    // The addresses that failed stop at the line below the reserve; new ones still make their first tries.
    const kept = Math.floor(accountHourlyMax * ACCOUNT_RESERVE_SHARE);
    const judged = statuses.filter((s) => s === 401).length;
    expect(judged).toBe(accountHourlyMax - kept + 4 * NEW_ADDRESS_TRIES);
    expect(judged).toBeLessThanOrEqual(accountHourlyMax);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70 - judged);

    // The owner, in a browser that never logged in, from an address of its own: one typo, then in.
    const home = rotating();
    expect((await login(student.email, 'a typo', home)).statusCode).toBe(401);
    const owner = await login(student.email, student.password, home);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));
    // The stranger's addresses are still held, even with the right password.
    for (const ip of ips) expect((await login(student.email, student.password, ip)).statusCode).toBe(429);
  });

  test('guessing stays bounded per hour however many addresses take part', async () => {
    const student = await createStudent(ctx);
    const { accountHourlyMax } = ctx.config.rateLimit;
    const judgedIn = (statuses: number[]) => statuses.filter((s) => s === 401).length;
    let judged = judgedIn((await sevenAddresses((ip, i) => login(student.email, `wrong ${i}`, ip))).statuses);
    judged += judgedIn(await burst(accountHourlyMax, (ip, i) => login(student.email, `guess ${i}`, ip)));
    judged += judgedIn(
      await burst(accountHourlyMax, async (ip, i) => {
        await login(student.email, `first ${i}`, ip);
        return login(student.email, `second ${i}`, ip);
      }),
    );
    expect(judged).toBe(accountHourlyMax);
    // The next hour allows as many again, never more.
    await anHourLater(student.email);
    const next = await burst(accountHourlyMax + 10, (ip, i) => login(student.email, `later ${i}`, ip));
    expect(judgedIn(next)).toBe(accountHourlyMax);
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
    const code = ctx.mailer.lastCode(email);
    const { accountMax, accountHourlyMax } = ctx.config.rateLimit;
    // One address: its own limit, nobody else's.
    const attacker = '203.0.113.40';
    for (let i = 0; i < accountMax; i++) await verify(email, wrongCode(code), attacker);
    expect((await verify(email, code, attacker)).statusCode).toBe(429);
    // Seventy wrong codes from seven addresses leave the owner's code working from an address of its own.
    await sevenAddresses((ip) => verify(email, wrongCode(code), ip));
    const owner = await login(email, 'a good password', '198.51.100.40');
    expect(owner.statusCode).toBe(200);
    const device = deviceCookieOf(owner);
    expect((await verify(email, code, '198.51.100.41')).json()).toMatchObject({ verified: true });

    // Many addresses: the account-wide cap, which the owner's browser does not meet.
    await anHourLater(email);
    const statuses = await burst(accountHourlyMax + 10, (ip) => verify(email, '000000', ip));
    expect(statuses.filter((s) => s === 200)).toHaveLength(accountHourlyMax);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await requestReset(email, '198.51.100.42', device)).statusCode).toBe(200);
    const resetCode = ctx.mailer.lastCode(email);
    expect((await verify(email, resetCode, rotating())).statusCode).toBe(429);
    expect((await verify(email, resetCode, '198.51.100.43', device)).json()).toMatchObject({
      verified: true,
    });
  });

  test('seventy reset requests and seventy wrong codes from seven addresses: the owner still resets from a new browser', async () => {
    const student = await createStudent(ctx);
    const mailsTo = () => ctx.mailer.sent.filter((m) => m.to === student.email);
    const { statuses: requests } = await sevenAddresses((ip) => requestReset(student.email, ip));
    expect(requests.every((s) => s === 200)).toBe(true);
    // One code, mailed once: the others asked within its first minute.
    expect(mailsTo()).toHaveLength(1);
    const code = ctx.mailer.lastCode(student.email);
    const { statuses: wrong } = await sevenAddresses((ip) =>
      resetPassword(student.email, wrongCode(code), ip),
    );
    expect(wrong.filter((s) => s === 400).length).toBeLessThanOrEqual(ctx.config.rateLimit.accountHourlyMax);

    // The owner asks from a browser and address of its own: the answer is the same, and the mailbox
    // holds the live code.
    const home = rotating();
    expect((await requestReset(student.email, home)).json()).toBe(true);
    const mailed = ctx.mailer.lastCode(student.email);
    expect(mailed).toBe(code);
    const done = await resetPassword(student.email, mailed, home);
    expect(done.statusCode).toBe(200);
    const device = deviceCookieOf(done);
    expect((await login(student.email, 'a brand new password', home)).statusCode).toBe(200);

    // The browser that reset the password is the owner's from now on: a new round of guesses from
    // everywhere does not hold its login.
    await burst(ctx.config.rateLimit.accountHourlyMax + 5, (ip, i) => login(student.email, `wrong ${i}`, ip));
    expect((await login(student.email, 'a brand new password', rotating())).statusCode).toBe(429);
    expect((await login(student.email, 'a brand new password', rotating(), device)).statusCode).toBe(200);
  });

  test('a stranger’s reset request never voids the code the owner is typing', async () => {
    const student = await createStudent(ctx);
    expect((await requestReset(student.email, '198.51.100.60')).statusCode).toBe(200);
    const code = ctx.mailer.lastCode(student.email);
    for (let i = 0; i < 5; i++) expect((await requestReset(student.email, rotating())).statusCode).toBe(200);
    expect(ctx.mailer.lastCode(student.email)).toBe(code);
    expect((await resetPassword(student.email, code, '198.51.100.60')).statusCode).toBe(200);
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
        () =>
          call(lookups.app, {
            method: 'PUT',
            url: '/api/users/resetpassword',
            body: { email: student.email, password: 'a guessed password', VerificationCode: '123456' },
            ip,
          }),
      ];
      const answers = [];
      for (const lookup of calls) answers.push((await lookup()).statusCode);
      expect(answers).toEqual([200, 409, 200, 409, 409, 400]);
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
