import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

// scrypt with N=2^14, r=8, p=1 (OWASP's minimum for scrypt); the parameters are stored with the hash
// so they can be raised later without breaking existing passwords.
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64, maxmem: 64 * 1024 * 1024 };

/**
 * Password hashes take turns: each scrypt holds 16 MiB and a CPU for tens of milliseconds, so a burst
 * of logins run all at once would take every core from the requests being served and every thread of
 * libuv's pool from file reads, and add 16 MiB of memory each. Half the cores (at least one) hash; the
 * rest of the logins wait in line, in order.
 */
const HASHING_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
let hashing = 0;
const waiting: Array<() => void> = [];

/** How many password hashes run and wait now (for tests and diagnostics). */
export const passwordHashing = () => ({ slots: HASHING_SLOTS, running: hashing, waiting: waiting.length });

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number) {
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keylen, { N, r, p, maxmem: SCRYPT.maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), +n, +r, +p, expected.length);
  return timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it. */
export const DUMMY_PASSWORD_HASH = `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(64).toString('base64')}`;

/** A uniformly random 6-digit code. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are stored as an HMAC keyed by the app secret: six digits alone are too few for a plain hash. */
export const hashCode = (secret: string, scope: string, code: string) =>
  createHmac('sha256', secret).update(`${scope}:${code}`).digest('hex');

export const safeEqualHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
