import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Answers smaller than this cost more to compress than they save. */
export const MIN_COMPRESSED_BYTES = 1024;
/**
 * What is compressed on the way out: JSON answers, and the pages and texts the server writes itself (the
 * web app's page with a course's tags, the sitemap, robots.txt, the API reference, a video's HLS
 * playlists, whose every segment line repeats the signed URL: a tenth of their size compressed).
 */
const COMPRESSED_TYPES = [
  'application/json',
  'text/html',
  'application/xml',
  'text/plain',
  'application/vnd.apple.mpegurl',
];
/** Compressed copies of cached answers kept by their ETag (entries; they are small). */
const MEMO_ENTRIES = 500;

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli when the client takes it, else gzip, else none (q=0 refuses). */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Answers up to this size are compressed on the spot: a 16 KB curriculum takes about 85 µs with brotli,
 * less than handing it to libuv's thread pool and being woken when it is done (about 150 µs more, back to
 * back, and more when the cores were idle). Larger ones go to the pool, so that the event loop never
 * stops for long.
 */
export const COMPRESSED_AT_ONCE_BYTES = 64 * 1024;

/**
 * Brotli's quality: 5 for a copy that is kept (a cached answer's, made once), which compresses JSON
 * nearly as well as 11 at a small part of its cost; 3 for an answer compressed for one request (a
 * student's own lists), which is 8% larger than 5 at under half its time (a 16 KB curriculum: 1,880
 * bytes in 38 µs against 1,745 in 83 µs).
 */
const KEPT_QUALITY = 5;
const ONCE_QUALITY = 3;
const brotliOptions = (body: Buffer, kept: boolean) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: kept ? KEPT_QUALITY : ONCE_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
const GZIP_OPTIONS = { level: 6 };

const compress = (encoding: Encoding, body: Buffer, kept: boolean): Buffer | Promise<Buffer> => {
  const atOnce = body.length <= COMPRESSED_AT_ONCE_BYTES;
  if (encoding === 'br') {
    const options = brotliOptions(body, kept);
    return atOnce ? brotliCompressSync(body, options) : brotli(body, options);
  }
  return atOnce ? gzipSync(body, GZIP_OPTIONS) : gz(body, GZIP_OPTIONS);
};

/**
 * Compresses JSON answers and the server's own pages for clients that accept brotli or gzip (DESIGN
 * "Scale": a catalogue page is a tenth of its size compressed). Answers that carry an ETag are the cached
 * public ones and the pages: their
 * compressed copies are kept, so a hot answer is compressed once, not on every request. Files
 * (streams) are left alone: the web app's are precompressed at build time, media are compressed
 * already.
 */
export function registerCompression(app: FastifyInstance): CompressedCopies {
  const memo = new Map<string, Buffer>();

  const kept = (key: string | undefined, copy: Buffer) => {
    if (key) {
      if (memo.size >= MEMO_ENTRIES) {
        const oldest = memo.keys().next().value;
        if (oldest !== undefined) memo.delete(oldest);
      }
      memo.set(key, copy);
    }
    return copy;
  };
  /** The compressed copy: kept or made at once (a Buffer), or made in the thread pool (a promise). */
  const compressed = (encoding: Encoding, etag: unknown, payload: string | Buffer) => {
    const key = typeof etag === 'string' ? `${encoding} ${etag}` : undefined;
    const copy = key ? memo.get(key) : undefined;
    if (copy) return copy;
    const made = compress(
      encoding,
      typeof payload === 'string' ? Buffer.from(payload) : payload,
      key !== undefined,
    );
    return Buffer.isBuffer(made) ? kept(key, made) : made.then((copy) => kept(key, copy));
  };

  // A callback hook: most answers are small or not JSON and leave at once, without a promise.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSED_TYPES.some((prefix) => type.startsWith(prefix)) || reply.getHeader('content-encoding')) {
      return done(null, payload);
    }
    // A string's length in characters is at most its length in bytes: enough to skip small answers
    // without copying large ones, which most clients then take as they are.
    if (payload.length < MIN_COMPRESSED_BYTES) return done(null, payload);
    void reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const send = (copy: Buffer) => {
      void reply.header('content-encoding', encoding).removeHeader('content-length');
      done(null, copy);
    };
    let copy: Buffer | Promise<Buffer>;
    try {
      copy = compressed(encoding, reply.getHeader('etag'), payload);
    } catch (error) {
      return done(error as Error);
    }
    if (Buffer.isBuffer(copy)) send(copy);
    else copy.then(send, done);
  });
  return { of: (encoding, etag) => memo.get(`${encoding} ${etag}`) };
}

/** The compressed copies kept of cached answers, by encoding and ETag. */
export type CompressedCopies = { of(encoding: Encoding, etag: string): Buffer | undefined };

function varyWithAcceptEncoding(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (!value) return 'accept-encoding';
  if (value === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return value;
  return `${value}, accept-encoding`;
}
