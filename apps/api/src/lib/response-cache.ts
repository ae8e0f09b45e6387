import { hash } from 'node:crypto';
import { type Paged, TOTAL_COUNT_HEADER } from '@skillwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { markPublicAnswer } from '../plugins/security-headers';
import { forEveryClient } from './request-context';

/**
 * Answers up to this many bytes also keep their JSON text: lib/public-shortcut.ts writes a small answer
 * as text, which Node joins to its head and sends as one piece, for fewer instructions than the head and
 * the bytes apart. From about 3 KB on, encoding the text for every answer costs more than that saves
 * (docs/BENCHMARKS.md).
 */
export const TEXT_KEPT_BYTES = 2048;

/**
 * What one remembered URL weighs besides its text and its key's (two bytes a character at most): the
 * map's entry, its record and the route's closure.
 */
const URL_ENTRY_BYTES = 256;

/** `body` is kept encoded: a large answer is then written as it is, not re-encoded for every request. */
export type CachedAnswer = {
  body: Buffer;
  /** The same JSON as text, for an answer of at most TEXT_KEPT_BYTES. */
  text: string | undefined;
  etag: string;
  total: number | undefined;
  bytes: number;
  expiresAt: number;
  /** From this moment a visitor's hit also starts computing the next version (REFRESH_AHEAD). */
  refreshAt: number;
};
type Answer = { body: unknown; total?: number | undefined };

/** An answer the database wrote as JSON already (a course's detail): kept and sent as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The last part of an answer's life in which a hit also starts computing its next version in the
 * background, so that an answer asked for all the time is replaced before it expires and no visitor waits
 * for it (nor do the requests queued behind one that would). An answer nobody asks for then just expires.
 */
export const REFRESH_AHEAD = 0.2;

/**
 * A short-lived cache of serialized public answers (the catalogue and its pages, a course's public detail,
 * prices). Any successful write through this process clears it at once; other instances see a change
 * within the TTL: no answer is served longer than that after it was computed. Concurrent misses for one
 * key share a single computation. Searched pages make the keys the caller's to choose, so the cache is
 * bounded both in entries and in bytes: the oldest go first.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly pending = new Map<string, Promise<CachedAnswer>>();
  /**
   * How each URL a visitor was answered through its route is answered: its key and the computation the
   * route gave for it. A URL validates and routes the same way every time, so it names the same key and
   * computation; lib/public-shortcut.ts answers it again without routing.
   */
  private readonly urls = new Map<string, { key: string; produce: () => Promise<Answer>; bytes: number }>();
  private urlBytes = 0;
  private generation = 0;
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxUrlBytes = 4 * 1024 * 1024,
  ) {}

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.urls.clear();
    this.urlBytes = 0;
    this.bytes = 0;
  }

  /** How many answers and bytes are held (for tests and diagnostics). */
  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** How many URLs are remembered for lib/public-shortcut.ts, and what they weigh (for tests and diagnostics). */
  get urlMemo() {
    return { urls: this.urls.size, bytes: this.urlBytes };
  }

  /**
   * The answer to a visitor's GET of exactly this URL, when a visitor was answered through its route
   * before: the fresh cached answer at once, else the promise of the one being computed (shared, as the
   * route's is); undefined for a URL not known, which the route must answer.
   */
  answerFor(url: string): CachedAnswer | Promise<CachedAnswer> | undefined {
    const known = this.urls.get(url);
    if (!known) return undefined;
    return this.fresh(known.key, known.produce) ?? this.entry(known.key, known.produce);
  }

  /**
   * The kept answer for `key` if it has not expired; past its refreshAt, the first such hit starts
   * computing the next version, which replaces it when done (unless a write came first).
   */
  private fresh(key: string, produce: () => Promise<Answer>): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.expiresAt <= now) return undefined;
    if (hit.refreshAt <= now && !this.pending.has(key)) {
      // One try per kept answer, which nobody waits for: a failure leaves the answer to expire, and the
      // next visitor's own computation after that answers with the error.
      hit.refreshAt = hit.expiresAt;
      this.entry(key, produce, true).catch(() => undefined);
    }
    return hit;
  }

  /** Leaves this URL to its route until a visitor is answered through it again. */
  forgetUrl(url: string) {
    const known = this.urls.get(url);
    if (!known) return;
    this.urls.delete(url);
    this.urlBytes -= known.bytes;
  }

  private rememberUrl(request: FastifyRequest, key: string, produce: () => Promise<Answer>) {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return;
    const url = request.raw.url;
    if (url === undefined || this.urls.has(url)) return;
    // URLs are the caller's to choose (any query a route ignores): bounded in count and in bytes like the
    // answers, the oldest going first, so long queries cannot hold memory until the next write.
    const bytes = 2 * (url.length + key.length) + URL_ENTRY_BYTES;
    if (bytes > this.maxUrlBytes) return;
    if (this.urls.size >= this.maxEntries || this.urlBytes + bytes > this.maxUrlBytes) {
      // The oldest tenth go at once, not one per new URL: a Map walked from its start steps over the
      // holes that earlier deletions left there, so one at a time made every new URL pay for thousands.
      const entries = Math.floor(this.maxEntries * 0.9);
      const room = Math.floor(this.maxUrlBytes * 0.9) - bytes;
      for (const oldest of this.urls.keys()) {
        if (this.urls.size < entries && this.urlBytes <= room) break;
        this.forgetUrl(oldest);
      }
    }
    this.urls.set(url, { key, produce, bytes });
    this.urlBytes += bytes;
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private keep(key: string, entry: CachedAnswer) {
    this.forget(key);
    if (entry.bytes > this.maxBytes) return;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size < this.maxEntries && this.bytes + entry.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private async entry(key: string, produce: () => Promise<Answer>, refresh = false): Promise<CachedAnswer> {
    if (!refresh) {
      const hit = this.fresh(key, produce);
      if (hit) return hit;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = (async () => {
      // Shared by every request that asks meanwhile: the first one's client leaving must not stop it.
      const answer = await forEveryClient(produce);
      const json = answer.body instanceof JsonText ? answer.body.text : JSON.stringify(answer.body);
      const body = Buffer.from(json);
      const text = body.length <= TEXT_KEPT_BYTES ? json : undefined;
      // Text of ASCII only is held a byte a character; any other character may make it two.
      const textBytes = text === undefined ? 0 : text.length === body.length ? text.length : 2 * text.length;
      // The total is part of what the client caches: a new total is a new version, even for the same rows.
      const version = answer.total === undefined ? json : `${answer.total}\n${json}`;
      const entry: CachedAnswer = {
        body,
        text,
        // Weak: the same answer goes out plain, gzip or brotli (plugins/compression.ts), and a weak
        // validator is the one that may stand for all three.
        etag: `W/"${hash('sha1', version, 'base64url')}"`,
        total: answer.total,
        bytes: body.length + textBytes,
        expiresAt: Date.now() + this.ttlMs,
        refreshAt: Date.now() + this.ttlMs * (1 - REFRESH_AHEAD),
      };
      // A write that happened meanwhile makes this answer stale: serve it once, keep nothing.
      if (generation === this.generation && this.ttlMs > 0) this.keep(key, entry);
      return entry;
    })();
    this.pending.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.pending.get(key) === promise) this.pending.delete(key);
    }
  }

  async get(key: string, produce: () => Promise<unknown>): Promise<CachedAnswer> {
    return this.entry(key, async () => ({ body: await produce() }));
  }

  /** Answers from the cache with an ETag; a matching If-None-Match gets 304. */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) {
    return this.answer(request, reply, key, async () => ({ body: await produce() }));
  }

  /** A list answered from the cache: its rows, with the total in `X-Total-Count` on a hit and a 304 too. */
  async sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<Paged<unknown>>,
  ) {
    return this.answer(request, reply, key, async () => {
      const page = await produce();
      return { body: page.rows, total: page.total };
    });
  }

  private async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<Answer>,
  ) {
    const entry = await this.entry(key, produce);
    this.rememberUrl(request, key, produce);
    return this.reply(request, reply, entry);
  }

  private reply(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer) {
    markPublicAnswer(request);
    void reply.header('etag', entry.etag).header('cache-control', 'no-cache');
    if (entry.total !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(entry.total));
    // The type is said on a 304 too: it is the JSON answer's, and carries the API's headers.
    void reply.type('application/json; charset=utf-8');
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.status(304).send();
    return reply.send(entry.body);
  }
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, weak or strong, or `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
