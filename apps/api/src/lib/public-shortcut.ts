import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOTAL_COUNT_HEADER } from '@skillwise/contracts';
import { type CompressedCopies, MIN_COMPRESSED_BYTES, pickEncoding } from '../plugins/compression';
import { type CachedAnswer, matchesEtag, type ResponseCache } from './response-cache';

type Variant = 'plain' | 'br' | 'gzip' | 'not-modified';
/** The headers as one flat list of names and values, which Node writes with less work than an object. */
type Prepared = { headers: string[]; body: Buffer | string | undefined };
type Route = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Answers a visitor's GET of a public answer (the catalogue and its pages, a course's detail and preview,
 * its reviews, the prices) from the HTTP server's request event, before Fastify parses, routes, validates
 * and runs its hooks for it: on small answers that work cost the server two thirds of its rate
 * (docs/BENCHMARKS.md). It answers only a URL this process has answered for a visitor through its route,
 * with what that route gives for it: the cached answer while fresh, else the answer being computed for
 * it, shared with every request asking meanwhile. It writes what the route's path writes: the security
 * headers, the ETag and `no-cache`, the total, the encoding the client takes (once the route has made
 * that copy) and a 304 for a matching If-None-Match. Anything else (a token, a body, HEAD, a URL not
 * known, a computation that fails) goes to the route.
 */
export class PublicShortcut {
  /** The headers and body of each way of sending an answer, made once per answer. */
  private readonly prepared = new WeakMap<CachedAnswer, Map<Variant, Prepared>>();

  constructor(
    private readonly cache: ResponseCache,
    private readonly copies: CompressedCopies,
    private readonly securityHeaders: Readonly<Record<string, string>>,
  ) {}

  /**
   * Answers the request, or hands it to `route` (Fastify's handler) untouched: at once for a request it
   * does not answer, after the shared computation when that fails or its answer needs what only the
   * route makes (a compressed copy not made yet).
   */
  handle(request: IncomingMessage, response: ServerResponse, route: Route) {
    const found = this.answerFor(request);
    if (found === undefined) route(request, response);
    else if (found instanceof Promise) {
      found.then(
        (entry) => {
          if (!this.write(request, response, entry)) route(request, response);
        },
        () => {
          // Its route answers it from now on (a course gone answers 404 there without a second try here).
          if (request.url !== undefined) this.cache.forgetUrl(request.url);
          route(request, response);
        },
      );
    } else if (!this.write(request, response, found)) route(request, response);
  }

  private answerFor(request: IncomingMessage) {
    const { headers, url } = request;
    if (request.method !== 'GET' || url === undefined || headers.authorization !== undefined)
      return undefined;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined)
      return undefined;
    return this.cache.answerFor(url);
  }

  /** Writes the answer; false when the route must (nothing is written then). */
  private write(request: IncomingMessage, response: ServerResponse, entry: CachedAnswer): boolean {
    const variant = this.variantFor(request, entry);
    const prepared = this.prepare(entry, variant);
    if (!prepared) return false;
    response.writeHead(variant === 'not-modified' ? 304 : 200, prepared.headers);
    response.end(prepared.body);
    return true;
  }

  private variantFor(request: IncomingMessage, entry: CachedAnswer): Variant {
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) return 'not-modified';
    if (entry.body.length < MIN_COMPRESSED_BYTES) return 'plain';
    return pickEncoding(request.headers['accept-encoding']) ?? 'plain';
  }

  private prepare(entry: CachedAnswer, variant: Variant): Prepared | undefined {
    let variants = this.prepared.get(entry);
    const known = variants?.get(variant);
    if (known) return known;
    const headers: Record<string, string> = {
      ...this.securityHeaders,
      etag: entry.etag,
      'cache-control': 'no-cache',
    };
    if (entry.total !== undefined) headers[TOTAL_COUNT_HEADER] = String(entry.total);
    let body: Buffer | string | undefined;
    if (variant !== 'not-modified') {
      headers['content-type'] = 'application/json; charset=utf-8';
      if (entry.body.length >= MIN_COMPRESSED_BYTES) headers.vary = 'accept-encoding';
      if (variant === 'plain') {
        // A small answer's text goes out in one write with the headers, as UTF-8: the bytes counted.
        body = entry.text ?? entry.body;
        headers['content-length'] = String(entry.body.length);
      } else {
        // The route's path makes the compressed copy; until it has, so does the request.
        body = this.copies.of(variant, entry.etag);
        if (!body) return undefined;
        headers['content-encoding'] = variant;
        headers['content-length'] = String(body.length);
      }
    }
    const prepared = { headers: Object.entries(headers).flat(), body };
    if (!variants) {
      variants = new Map();
      this.prepared.set(entry, variants);
    }
    variants.set(variant, prepared);
    return prepared;
  }
}
