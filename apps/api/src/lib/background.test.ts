import type { FastifyBaseLogger } from 'fastify';
import { expect, test } from 'vitest';
import { BackgroundWork } from './background';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A log that keeps what was said at error level. */
const recordingLog = () => {
  const errors: string[] = [];
  const log = { error: (_entry: unknown, message: string) => errors.push(message) };
  return { errors, log: log as unknown as FastifyBaseLogger };
};

/** A gate a round waits at until the test opens it. */
const gate = () => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

test('rounds run one at a time, the next one a full interval after the last ended', async () => {
  const { log } = recordingLog();
  const background = new BackgroundWork(log);
  let running = 0;
  let most = 0;
  let rounds = 0;
  background.every(
    'counting',
    5,
    async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(20);
      running -= 1;
      rounds += 1;
    },
    0,
  );
  await sleep(150);
  await background.stop();
  expect(most).toBe(1);
  expect(rounds).toBeGreaterThanOrEqual(2);
});

test('a round that fails is logged under its name, and the next round runs', async () => {
  const { errors, log } = recordingLog();
  const background = new BackgroundWork(log);
  let rounds = 0;
  background.every(
    'the failing work',
    5,
    async () => {
      rounds += 1;
      if (rounds === 1) throw new Error('database unavailable');
    },
    0,
  );
  await sleep(60);
  await background.stop();
  expect(errors[0]).toBe('the failing work failed');
  expect(rounds).toBeGreaterThanOrEqual(2);
});

test('stop aborts the round under way, waits for it to end, and no round starts afterwards', async () => {
  const { log } = recordingLog();
  const background = new BackgroundWork(log);
  const held = gate();
  let started = 0;
  let ended = 0;
  let sawAbort = false;
  background.every(
    'slow work',
    1,
    async (signal) => {
      started += 1;
      await held.opened;
      sawAbort = signal.aborted;
      ended += 1;
    },
    0,
  );
  while (started === 0) await sleep(1);
  let stopped = false;
  const stopping = background.stop().then(() => {
    stopped = true;
  });
  await sleep(30);
  expect(stopped).toBe(false);
  held.open();
  await stopping;
  expect({ started, ended, sawAbort }).toEqual({ started: 1, ended: 1, sawAbort: true });
  await sleep(30);
  expect(started).toBe(1);
  // Work added once stopped never starts.
  background.every(
    'late work',
    1,
    async () => {
      started += 1;
    },
    0,
  );
  await sleep(20);
  expect(started).toBe(1);
});
