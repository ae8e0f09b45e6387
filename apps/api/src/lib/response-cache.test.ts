import { expect, test, vi } from 'vitest';
import { matchesEtag, REFRESH_AHEAD, ResponseCache, TEXT_KEPT_BYTES } from './response-cache';

test('keeps at most maxEntries answers, dropping the oldest first', async () => {
  const cache = new ResponseCache(60_000, 2);
  let computed = 0;
  const produce = (value: string) => async () => {
    computed += 1;
    return value;
  };
  await cache.get('a', produce('a'));
  await cache.get('b', produce('b'));
  await cache.get('c', produce('c'));
  expect(cache.size.entries).toBe(2);
  await cache.get('b', produce('b'));
  await cache.get('c', produce('c'));
  expect(computed).toBe(3);
  await cache.get('a', produce('a'));
  expect(computed).toBe(4);
});

test('keeps at most maxBytes of answers; an answer larger than that is served, not kept', async () => {
  const cache = new ResponseCache(60_000, 100, 45);
  // 10 bytes as JSON, held twice: the bytes and, a small answer, the text.
  await cache.get('a', async () => 'x'.repeat(8));
  await cache.get('b', async () => 'y'.repeat(8));
  expect(cache.size).toEqual({ entries: 2, bytes: 40 });
  await cache.get('c', async () => 'z'.repeat(8));
  expect(cache.size).toEqual({ entries: 2, bytes: 40 });
  const big = await cache.get('big', async () => 'w'.repeat(40));
  expect(big.body.toString()).toBe(JSON.stringify('w'.repeat(40)));
  expect(cache.size).toEqual({ entries: 2, bytes: 40 });
  cache.clear();
  expect(cache.size).toEqual({ entries: 0, bytes: 0 });
});

test('a small answer keeps its text, counted at two bytes a character unless it is ASCII', async () => {
  const cache = new ResponseCache(60_000);
  const ascii = await cache.get('ascii', async () => 'abcd');
  expect(ascii.text).toBe('"abcd"');
  expect(ascii.bytes).toBe(6 + 6);
  const wide = await cache.get('wide', async () => 'café ☕');
  expect(wide.text).toBe('"café ☕"');
  expect(Buffer.from(wide.text ?? '')).toEqual(wide.body);
  expect(wide.bytes).toBe(wide.body.length + 2 * 8);
  const large = await cache.get('large', async () => 'l'.repeat(TEXT_KEPT_BYTES));
  expect(large.text).toBeUndefined();
  expect(large.bytes).toBe(TEXT_KEPT_BYTES + 2);
  expect(cache.size.bytes).toBe(ascii.bytes + wide.bytes + large.bytes);
});

test('a page keeps its total, and a new total is a new version of the same rows', async () => {
  const cache = new ResponseCache(60_000);
  const sent: Record<string, string> = {};
  // The few reply methods the cache calls, recording the headers it sets.
  const reply = {
    header(name: string, value: string) {
      sent[name] = value;
      return reply;
    },
    status: () => reply,
    type: () => reply,
    send: (body?: string) => body,
  };
  const send = (key: string, total: number) =>
    cache.sendPage({ headers: {} } as never, reply as never, key, async () => ({ rows: ['row'], total }));
  await send('p1', 1);
  expect(sent['x-total-count']).toBe('1');
  const etagOfOne = sent.etag;
  await send('p2', 2);
  expect(sent['x-total-count']).toBe('2');
  expect(sent.etag).not.toBe(etagOfOne);
  // Served from the cache: the total computed first, not the one a new computation would give.
  await send('p1', 5);
  expect(sent['x-total-count']).toBe('1');
  expect(sent.etag).toBe(etagOfOne);
});

test('If-None-Match matches weakly: a listed tag, with or without W/, or *', () => {
  const etag = 'W/"abc"';
  expect(matchesEtag(undefined, etag)).toBe(false);
  expect(matchesEtag('W/"abc"', etag)).toBe(true);
  expect(matchesEtag('"abc"', etag)).toBe(true);
  expect(matchesEtag('"x", W/"abc"', etag)).toBe(true);
  expect(matchesEtag('*', etag)).toBe(true);
  expect(matchesEtag('"abcd"', etag)).toBe(false);
});

test('a hit in the last part of an answer’s life computes the next version behind it, once; a failure or a write keeps nothing', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(0);
    const cache = new ResponseCache(10_000);
    let version = 0;
    // Holds a computation after the first until released.
    const gate: { release?: (() => void) | undefined } = {};
    const release = () => gate.release?.();
    let fail = false;
    const produce = async () => {
      version += 1;
      const mine = version;
      if (gate.release === undefined && mine > 1)
        await new Promise<void>((resolve) => (gate.release = resolve));
      if (fail) throw new Error('database unavailable');
      return `v${mine}`;
    };
    const body = async () => (await cache.get('k', produce)).body.toString();
    expect(await body()).toBe('"v1"');

    // Before the refresh point, hits compute nothing.
    vi.setSystemTime(10_000 * (1 - REFRESH_AHEAD) - 1);
    expect(await body()).toBe('"v1"');
    expect(version).toBe(1);

    // Past it, hits are answered at once with the kept answer while one computation runs.
    vi.setSystemTime(10_000 * (1 - REFRESH_AHEAD));
    expect(await body()).toBe('"v1"');
    expect(await body()).toBe('"v1"');
    expect(version).toBe(2);
    release();
    await vi.waitFor(async () => expect(await body()).toBe('"v2"'));
    expect(version).toBe(2);

    // A refresh that fails leaves the kept answer to its expiry; the visitor after that gets the error.
    fail = true;
    vi.setSystemTime(Date.now() + 10_000 * (1 - REFRESH_AHEAD));
    expect(await body()).toBe('"v2"');
    await new Promise((resolve) => setImmediate(resolve));
    expect(version).toBe(3);
    // One try per kept answer: the hits after a failed one start none.
    expect(await body()).toBe('"v2"');
    await new Promise((resolve) => setImmediate(resolve));
    expect(version).toBe(3);
    vi.setSystemTime(Date.now() + 10_000);
    await expect(body()).rejects.toThrow('database unavailable');

    // A write while a refresh runs: what it computed is not kept.
    fail = false;
    expect(await body()).toBe('"v5"');
    gate.release = undefined;
    vi.setSystemTime(Date.now() + 10_000 * (1 - REFRESH_AHEAD));
    expect(await body()).toBe('"v5"');
    cache.clear();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.size.entries).toBe(0);
    expect(await body()).toBe('"v7"');
  } finally {
    vi.useRealTimers();
  }
});

test('remembers visitors’ URLs within a byte bound as well as a count, the oldest going first', async () => {
  const maxUrlBytes = 50_000;
  const cache = new ResponseCache(60_000, 10_000, 32 * 1024 ** 2, maxUrlBytes);
  const reply = { header: () => reply, status: () => reply, type: () => reply, send: () => undefined };
  // Visitors of one catalogue page, each with a long query the route ignores.
  const urlOf = (i: number) =>
    `/api/courses/GetAllCoursesDetail?x=${String(i).padStart(6, '0')}${'y'.repeat(2000)}`;
  for (let i = 0; i < 200; i++) {
    const request = { method: 'GET', headers: {}, raw: { url: urlOf(i) } };
    await cache.send(request as never, reply as never, 'catalogue', async () => ['course']);
    expect(cache.urlMemo.bytes).toBeLessThanOrEqual(maxUrlBytes);
  }
  const { urls, bytes } = cache.urlMemo;
  expect(urls).toBeGreaterThan(5);
  expect(urls).toBeLessThan(200);
  expect(bytes).toBeGreaterThan(maxUrlBytes / 2);
  // The newest are the ones kept, and one answer still serves them all.
  expect(cache.answerFor(urlOf(199))).toBeDefined();
  expect(cache.answerFor(urlOf(0))).toBeUndefined();
  expect(cache.size.entries).toBe(1);
  cache.forgetUrl(urlOf(199));
  expect(cache.urlMemo).toEqual({ urls: urls - 1, bytes: bytes - bytes / urls });
  cache.clear();
  expect(cache.urlMemo).toEqual({ urls: 0, bytes: 0 });
});
