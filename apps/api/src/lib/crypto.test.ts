import { expect, test } from 'vitest';
import { hashPassword, passwordHashing, verifyPassword } from './crypto';

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
