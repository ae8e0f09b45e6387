import {
  createHash,
  createHmac,
  type KeyObject,
  randomBytes,
  type ScryptOptions,
  timingSafeEqual,
} from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from './errors';

// scrypt with N=2^14, r=8, p=1 (OWASP's minimum for scrypt); the parameters are stored with the hash
// so they can be raised later without breaking existing passwords.
const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64, maxmem: 64 * 1024 * 1024 };

/**
 * Lowers the cost of the hashes made from now on, in this process: the API's test suite makes thousands
 * of accounts, and at N=2^14 their hashes were a sixth of its time (apps/api/test/setup.ts). The server
 * never calls it; a stored hash keeps its own parameters, so every hash still verifies at the cost it
 * was made with.
 */
export function lowerPasswordHashCostForTests(N: number) {
  SCRYPT.N = N;
}

/**
 * Password hashes take turns: each scrypt holds 16 MiB and a CPU for tens of milliseconds, so a burst
 * of logins run all at once would take every core from the requests being served and add 16 MiB of
 * memory each. Half the cores (at least one) hash; the rest of the logins wait in line, in order.
 *
 * They run in worker threads of their own, not in libuv's thread pool (4 threads, sized when the process
 * first reads a file, before any of our code runs): there, two hashes plus two slow reads would make
 * every other file read wait. Here a hash never waits for a file and a file never waits for a hash.
 * Idle workers end after a while, so a quiet server holds none.
 */
const HASHING_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
const IDLE_WORKER_MS = 30_000;

/**
 * The line is bounded (PASSWORD_HASH_QUEUE per slot, 64 by default): a hash takes 50-100 ms on a core,
 * so the last of 64 waits about 3-6 s, as long as a person waits for a sign-in form. A longer line
 * only makes every login in it slower (the client gives up and tries again, adding to it) and holds
 * their requests' memory; past it the answer is a fast 503 with Retry-After.
 */
let queuePerSlot = 64;
let hashing = 0;
const waiting: Array<() => void> = [];
/** A running average of one hash's duration, for Retry-After. */
let averageHashMs = 100;

/** Sets how many hashes may wait per slot (PASSWORD_HASH_QUEUE); the app sets it from its config. */
export function limitPasswordHashQueue(perSlot: number) {
  queuePerSlot = perSlot;
}

/** How many password hashes run and wait now, and how many may wait (for tests and diagnostics). */
export const passwordHashing = () => ({
  slots: HASHING_SLOTS,
  running: hashing,
  waiting: waiting.length,
  maxWaiting: HASHING_SLOTS * queuePerSlot,
});

/** The answer when the line is full: come back once it has had time to drain. */
function busyError() {
  const seconds = Math.min(
    60,
    Math.max(1, Math.ceil(((waiting.length / HASHING_SLOTS) * averageHashMs) / 1000)),
  );
  return new AppError(
    'SERVER_BUSY',
    `The server is checking too many passwords at the moment. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Runs `work` in the password line: at once if a slot is free, in order if not, or a 503 if the line is full. */
export async function inPasswordTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) {
    if (waiting.length >= HASHING_SLOTS * queuePerSlot) throw busyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else hashing += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

/** The worker's code: scrypt, one request at a time (CommonJS, so it needs no file of its own). */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ password, salt, keylen, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keylen, options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});`;

type HashWorker = { worker: Worker; idleTimer?: NodeJS.Timeout };
const idleWorkers: HashWorker[] = [];

function takeWorker(): HashWorker {
  const idle = idleWorkers.pop();
  if (idle) {
    clearTimeout(idle.idleTimer);
    return idle;
  }
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  // A worker with nothing to do never keeps the process alive.
  worker.unref();
  return { worker };
}

function releaseWorker(entry: HashWorker) {
  entry.worker.unref();
  entry.idleTimer = setTimeout(() => {
    const at = idleWorkers.indexOf(entry);
    if (at >= 0) idleWorkers.splice(at, 1);
    void entry.worker.terminate();
  }, IDLE_WORKER_MS);
  entry.idleTimer.unref();
  idleWorkers.push(entry);
}

/** One scrypt in a worker thread (at most HASHING_SLOTS run, so at most that many workers exist). */
function scryptInWorker(password: string, salt: Buffer, keylen: number, options: ScryptOptions) {
  const entry = takeWorker();
  const { worker } = entry;
  worker.ref();
  const started = performance.now();
  return new Promise<Buffer>((resolve, reject) => {
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
    };
    const onMessage = (reply: { key?: Uint8Array; error?: string }) => {
      settle();
      averageHashMs = averageHashMs * 0.8 + (performance.now() - started) * 0.2;
      releaseWorker(entry);
      if (reply.key) resolve(Buffer.from(reply.key.buffer, reply.key.byteOffset, reply.key.byteLength));
      else reject(new Error(reply.error ?? 'scrypt failed'));
    };
    // A worker that failed is not reused.
    const onFailure = (error: unknown) => {
      settle();
      void worker.terminate();
      reject(error instanceof Error ? error : new Error(`the password worker stopped (${String(error)})`));
    };
    worker.on('message', onMessage);
    worker.once('error', onFailure);
    worker.once('exit', onFailure);
    worker.postMessage({ password, salt, keylen, options });
  });
}

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number) {
  return inPasswordTurn(() =>
    scryptInWorker(password.normalize('NFKC'), salt, keylen, { N, r, p, maxmem: SCRYPT.maxmem }),
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

/**
 * Codes are stored as an HMAC keyed by the app's code key (lib/keys.ts): six digits alone are too few
 * for a plain hash.
 */
export const hashCode = (key: KeyObject, scope: string, code: string) =>
  createHmac('sha256', key).update(`${scope}:${code}`).digest('hex');

export const safeEqualHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
