import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Entry = { body: string; etag: string; expiresAt: number };

/**
 * A short-lived cache of serialized public answers (the catalogue, a course's public detail, prices).
 * Any successful write through this process clears it at once; other instances see a change within
 * the TTL. Concurrent misses for one key share a single computation.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  async get(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const promise = (async () => {
      const body = JSON.stringify(await produce());
      const entry = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        expiresAt: Date.now() + this.ttlMs,
      };
      // A write that happened meanwhile makes this answer stale: serve it once, keep nothing.
      if (generation === this.generation && this.ttlMs > 0) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, entry);
      }
      return entry;
    })();
    this.pending.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.pending.get(key) === promise) this.pending.delete(key);
    }
  }

  /** Answers from the cache with an ETag; a matching If-None-Match gets 304. */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) {
    const entry = await this.get(key, produce);
    void reply.header('etag', entry.etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  }
}
