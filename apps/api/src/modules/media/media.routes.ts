import { Readable } from 'node:stream';
import { idParamSchema, wholeNumberSchema } from '@skillwise/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ImageVariants } from '../../lib/image-variants';
import { imageTypeOf } from '../../lib/media-urls';
import { parseRange } from '../../lib/range';
import { binary, empty, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import type { MediaService } from './media.service';
import {
  notModified,
  originalEtag,
  PUBLIC_IMAGE_CACHE,
  publicImageQuerySchema,
  sendImageVariant,
} from './public-images';

/**
 * A signed URL's grant. The viewer is a user id (0 for a visitor), bounded as the database's ids are; the
 * expiry is Unix seconds, at most 12 digits (the year 33658), so no number past what either holds reaches
 * a query or a signature check.
 */
export const grantSchema = z.object({
  viewer: wholeNumberSchema,
  expires: z
    .string()
    .regex(/^\d{1,12}$/, 'must be a time in Unix seconds')
    .transform(Number),
  signature: z.string().min(1).max(100),
});

/**
 * Sizes of stored files by key. A key names one upload's bytes forever (a replaced file gets a new key, and
 * a request reaches here only for a key a row still names), so a size once read stays true: a burst of
 * Range requests reads it once.
 */
const sizes = new Map<string, number>();
const SIZES_KEPT = 10_000;

async function sizeOf(storage: FileStorage, key: string): Promise<number | undefined> {
  const known = sizes.get(key);
  if (known !== undefined) return known;
  const size = await storage.size(key);
  if (size === undefined) return undefined;
  if (sizes.size >= SIZES_KEPT) sizes.delete(sizes.keys().next().value as string);
  sizes.set(key, size);
  return size;
}

/** Where a stored file is sent from: this process, or a web server in front that reads the same disk. */
export type FileSender = { storage: FileStorage; xAccelRedirectPrefix: string | undefined };

/**
 * Streams a stored file with HTTP Range support (206 with Content-Range, 416 for a range past the
 * end), never reading it whole into memory. With X_ACCEL_REDIRECT_PREFIX and the file on local disk,
 * the answer names the file under that internal location instead, and the web server in front (nginx)
 * sends it from disk with sendfile, Range included; this answer's headers say what it is.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { storage, xAccelRedirectPrefix }: FileSender,
  file: { key: string; mime: string; cacheControl: string; downloadName: string },
) {
  const type = file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime;
  void reply
    .header('content-type', type)
    .header('accept-ranges', 'bytes')
    .header('cache-control', file.cacheControl)
    .header('content-disposition', `inline; filename="${file.downloadName}"`);
  // A text lesson written in the page, opened by its link: a sanitized document that still may run
  // nothing, load nothing and reach nothing of this origin (docs/decisions/019).
  if (file.mime === 'text/html') void reply.header('content-security-policy', "sandbox; default-src 'none'");
  if (xAccelRedirectPrefix !== undefined && storage.diskName) {
    return reply.header('x-accel-redirect', `${xAccelRedirectPrefix}${storage.diskName(file.key)}`).send();
  }
  const size = await sizeOf(storage, file.key);
  if (size === undefined) throw notFound('File');
  const range = parseRange(request.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  const partial = range.kind === 'partial';
  const bytes = partial ? { start: range.start, end: range.end } : { start: 0, end: size - 1 };
  // A HEAD answer says what a GET would send, and reads nothing.
  const body =
    request.method === 'HEAD'
      ? Readable.from([])
      : storage.openBody
        ? await storage.openBody(file.key, bytes).catch((error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') throw notFound('File');
            throw error;
          })
        : storage.read(file.key, partial ? bytes : undefined);
  // An answer that ends without sending this body (it never flowed) leaves no file open behind it.
  reply.raw.once('close', () => {
    if (body.readableFlowing === null) body.destroy();
  });
  if (partial) {
    void reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  }
  return reply.header('content-length', String(bytes.end - bytes.start + 1)).send(body);
}

/** Answers of a byte stream with HTTP ranges. */
export const ranged = (what: string) => ({
  200: binary('application/octet-stream', `${what}, whole`),
  206: binary(
    'application/octet-stream',
    `The byte range asked for with \`Range\` (\`Content-Range\` says which)`,
  ),
  416: empty('The range starts past the end of the file'),
});

export function registerMediaRoutes(
  server: FastifyInstance,
  media: MediaService,
  storage: FileStorage,
  xAccelRedirectPrefix: string | undefined,
) {
  const sender: FileSender = { storage, xAccelRedirectPrefix };
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Media'];
  // A change that succeeded and may take access away (an unpublished lesson, a removed enrolment) makes
  // the next media request check its URL again. Other writes (a progress save every few seconds per
  // playing student) leave the remembered grants alone.
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && request.routeOptions.config.mayRevokeLessonAccess) media.forgetGrants();
    done();
  });

  // Covers and photos at the width a page shows them (?w=, public-images.ts), kept once made.
  const variants = new ImageVariants({
    storage,
    onError: (error, key) => app.log.warn({ err: error }, `no smaller copy of ${key}: sending it as it is`),
  });

  const publicImage = {
    tags,
    summary: 'A cover image or an author photo, at a page’s width with `w`',
    params: z.object({ key: z.string().max(64) }),
    querystring: publicImageQuerySchema,
    response: { ...ranged('The picture'), 304: empty('Not modified since the `ETag` sent') },
  };
  app.get('/files/public/:key', { schema: publicImage }, async (request, reply) => {
    const { key } = request.params;
    const { w } = request.query;
    const found = await media.publicImage(key);
    if (w !== undefined && (await sendImageVariant(request, reply, variants, found, w))) return reply;
    const cached = notModified(request, reply, originalEtag(found));
    if (cached) return cached;
    return sendFile(request, reply, sender, {
      key: found,
      mime: imageTypeOf(found) ?? 'application/octet-stream',
      cacheControl: PUBLIC_IMAGE_CACHE,
      downloadName: found,
    });
  });

  const lessonFile = {
    tags,
    summary: 'A lesson’s file, by the signed URL a lesson answer carries',
    description: 'No token: the URL’s `viewer`, `expires` and `signature` grant the access, checked again.',
    params: idParamSchema,
    querystring: grantSchema,
    response: ranged('The file'),
  };
  app.get('/media/lessons/:id', { schema: lessonFile }, async (request, reply) => {
    const file = await media.lessonFile(request.params.id, request.query);
    const extension = file.key.split('.').pop() ?? 'bin';
    return sendFile(request, reply, sender, {
      key: file.key,
      mime: file.mime,
      cacheControl: 'private, max-age=3600',
      downloadName: `lesson-${file.lessonId}.${extension}`,
    });
  });

  const questionImage = {
    tags,
    summary: 'An image of a quiz question, by the signed URL the quiz and its attempts carry',
    description:
      'No token: the URL’s `viewer`, `expires` and `signature` grant the access, checked again: whoever ' +
      'may read the quiz lesson (its school’s staff, an enrolled student, anyone for a preview lesson).',
    params: z.object({ id: idParamSchema.shape.id, key: z.string().max(64) }),
    querystring: grantSchema,
    response: ranged('The picture'),
  };
  app.get('/media/quiz-images/:id/:key', { schema: questionImage }, async (request, reply) => {
    const { id, key } = request.params;
    const file = await media.questionImage(id, key, request.query);
    return sendFile(request, reply, sender, {
      key: file.key,
      mime: file.mime,
      cacheControl: 'private, max-age=3600',
      downloadName: file.key,
    });
  });

  const captions = {
    tags,
    summary: 'A video lesson’s captions in one language (WebVTT), by the signed URL its answer carries',
    description:
      'No token: the URL’s `viewer`, `expires` and `signature` grant the access, checked again: whoever ' +
      'may have the lesson’s file. A replaced captions file’s URL is not found (docs/decisions/042).',
    params: z.object({ id: idParamSchema.shape.id, language: z.string().max(35) }),
    querystring: grantSchema,
    response: ranged('The captions, `text/vtt`'),
  };
  app.get('/media/lessons/:id/captions/:language', { schema: captions }, async (request, reply) => {
    const { id, language } = request.params;
    const file = await media.caption(id, language, request.query);
    return sendFile(request, reply, sender, {
      key: file.key,
      mime: 'text/vtt',
      cacheControl: 'private, max-age=3600',
      downloadName: `lesson-${id}-${language}.vtt`,
    });
  });
}
