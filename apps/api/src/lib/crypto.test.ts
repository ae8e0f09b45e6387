import { scryptSync } from 'node:crypto';
import { expect, test } from 'vitest';
import { hashPassword, limitPasswordHashQueue, passwordHashing, verifyPassword } from './crypto';
import { AppError } from './errors';

test('password hashes take turns: a burst runs a few at a time and every one completes', async () => {
  const passwords = Array.from({ length: 6 }, (_, i) => `password-${i}`);
  const hashes = Promise.all(passwords.map((password) => hashPassword(password)));
  const { slots, running, waiting } = passwordHashing();
  expect(running).toBeLessThanOrEqual(slots);
  expect(running + waiting).toBe(passwords.length);
  const done = await hashes;
  expect(passwordHashing()).toMatchObject({ running: 0, waiting: 0 });
  const checks = await Promise.all(done.map((hash, i) => verifyPassword(passwords[i] ?? '', hash)));
  expect(checks).toEqual(passwords.map(() => true));
  expect(await verifyPassword('wrong', done[0] ?? '')).toBe(false);
});

test('a full line of password hashes answers a fast 503 with Retry-After; the line still drains', async () => {
  limitPasswordHashQueue(1);
  try {
    const { slots, maxWaiting } = passwordHashing();
    // Every call below joins the line before the first hash can finish: a full line, without timing.
    const admitted = Array.from({ length: slots + maxWaiting }, (_, i) => hashPassword(`in-line-${i}`));
    expect(passwordHashing()).toMatchObject({ running: slots, waiting: maxWaiting });
    const refused = await hashPassword('one too many').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'SERVER_BUSY', statusCode: 503 });
    expect(Number((refused as AppError).headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((refused as AppError).message).toMatch(/Try again in \d+ seconds?\./);
    const hashes = await Promise.all(admitted);
    expect(await verifyPassword('in-line-0', hashes[0] ?? '')).toBe(true);
    expect(passwordHashing()).toMatchObject({ running: 0, waiting: 0 });
    expect(await verifyPassword('one too many', await hashPassword('one too many'))).toBe(true);
  } finally {
    limitPasswordHashQueue(64);
  }
});

test("a hash keeps its own cost: one made at the server's N=2^14 verifies beside the tests' cheaper ones", async () => {
  const salt = Buffer.from('a salt of sixteen');
  const key = scryptSync('at the server cost', salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const stored = ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
  expect(await verifyPassword('at the server cost', stored)).toBe(true);
  expect(await verifyPassword('at another cost', stored)).toBe(false);
  // test/setup.ts lowers the cost of new hashes, and each says which it has.
  const cheap = await hashPassword('cheap');
  expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
  expect(await verifyPassword('cheap', cheap)).toBe(true);
});
