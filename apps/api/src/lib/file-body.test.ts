import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, expect, test } from 'vitest';
import { openBecomes } from '../../test/descriptors';
import { BufferPool } from './buffer-pool';
import { FileBody } from './file-body';
import { OpenFiles } from './open-files';

const dir = mkdtempSync(path.join(tmpdir(), 'skillwise-file-body-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Buffers of 4 KiB over a file of 50 KiB and a bit: a whole body is thirteen reads.
const CHUNK = 4096;
const bytes = randomBytes(50 * 1024 + 123);
const file = path.join(dir, 'lesson.bin');
writeFileSync(file, bytes);

/** A kept descriptor and a pool of small buffers; `closed()` closes the one and waits until it is. */
function setUp() {
  const files = new OpenFiles(4);
  const pool = new BufferPool(CHUNK, 8);
  const closed = () => {
    files.closeAll();
    return openBecomes(dir, 0);
  };
  return { files, pool, closed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A destination that behaves like a socket under load: it keeps each chunk it is given, reads it only
 * later (after a random wait), and only then calls the write's callback. A buffer handed to another
 * body before that callback would show up here as wrong bytes.
 */
function slowSink(options: { failAfter?: number } = {}) {
  const parts: Buffer[] = [];
  let writes = 0;
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      writes += 1;
      if (options.failAfter !== undefined && writes > options.failAfter) {
        callback(new Error('the client left'));
        return;
      }
      setTimeout(() => {
        parts.push(Buffer.from(chunk));
        callback();
      }, Math.random() * 5);
    },
  });
  const finished = new Promise<Buffer>((resolve, reject) => {
    sink.on('finish', () => resolve(Buffer.concat(parts)));
    sink.on('error', reject);
  });
  return { sink, finished };
}

test('bodies piped at once, through slow destinations, each get their own bytes from a shared pool', async () => {
  const { files, pool, closed } = setUp();
  const ranges = [
    { start: 0, end: bytes.length - 1 },
    { start: 1, end: 1 },
    { start: 5000, end: 40_000 },
    { start: CHUNK, end: 2 * CHUNK - 1 },
    { start: bytes.length - 10, end: bytes.length - 1 },
    ...Array.from({ length: 20 }, () => {
      const start = Math.floor(Math.random() * bytes.length);
      return { start, end: Math.min(bytes.length - 1, start + Math.floor(Math.random() * 3 * CHUNK)) };
    }),
  ];
  const answers = await Promise.all(
    ranges.map(async (range) => {
      const body = new FileBody(await files.lend(file), range, pool);
      const { sink, finished } = slowSink();
      body.pipe(sink);
      const ended = new Promise((resolve) => body.on('end', resolve));
      const received = await finished;
      await ended;
      return received;
    }),
  );
  answers.forEach((received, i) => {
    const range = ranges[i] as { start: number; end: number };
    expect(Buffer.compare(received, bytes.subarray(range.start, range.end + 1)), JSON.stringify(range)).toBe(
      0,
    );
  });
  // Every buffer came back (at most as many as are kept), and every lent descriptor was released.
  expect(pool.size).toBeGreaterThan(0);
  expect(pool.size).toBeLessThanOrEqual(8);
  await closed();
});

test('read as a plain stream, a body gives the same bytes in chunks of its own', async () => {
  const { files, pool, closed } = setUp();
  const body = new FileBody(await files.lend(file), { start: 10, end: bytes.length - 1 }, pool);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  expect(Buffer.compare(Buffer.concat(chunks), bytes.subarray(10))).toBe(0);
  expect(pool.size).toBe(0);
  await closed();
});

test('a destination that fails or a body destroyed midway stops reading and releases the descriptor', async () => {
  const { files, pool, closed } = setUp();
  const whole = { start: 0, end: bytes.length - 1 };

  const failing = new FileBody(await files.lend(file), whole, pool);
  const { sink, finished } = slowSink({ failAfter: 2 });
  failing.pipe(sink);
  await expect(finished).rejects.toThrow('the client left');
  await expect.poll(() => failing.destroyed).toBe(true);

  const destroyed = new FileBody(await files.lend(file), whole, pool);
  const second = slowSink();
  destroyed.pipe(second.sink);
  await sleep(5);
  destroyed.destroy();
  second.sink.destroy();

  // Kept descriptors stay open until closed; lent ones close only once released.
  await closed();
  await expect.poll(() => pool.size, { timeout: 60_000 }).toBeGreaterThan(0);
});

test('a file shorter than the range asked fails the body', async () => {
  const { files, pool, closed } = setUp();
  const body = new FileBody(await files.lend(file), { start: 0, end: bytes.length + 100 }, pool);
  const { sink } = slowSink();
  const failed = new Promise<Error>((resolve) => body.on('error', resolve));
  body.pipe(sink);
  expect((await failed).message).toBe('the file ended 101 bytes early');
  await closed();
});

test('the pool hands out kept buffers again, refuses one given back twice, and lets idle ones go', () => {
  const pool = new BufferPool(CHUNK, 2, 60_000);
  const [a, b, c] = [pool.take(), pool.take(), pool.take()] as [Buffer, Buffer, Buffer];
  pool.give(a);
  expect(() => pool.give(a)).toThrow('a buffer was given back twice');
  expect(() => pool.give(Buffer.alloc(10))).toThrow('not one of the pool');
  pool.give(b);
  pool.give(c);
  expect(pool.size).toBe(2);
  expect(pool.take()).toBe(b);
  pool.give(b);
  // Since the first trim's start the pool held no free buffer at some point: nothing is let go yet.
  pool.trim();
  expect(pool.size).toBe(2);
  // Neither was taken since: both go.
  pool.trim();
  expect(pool.size).toBe(0);
});
