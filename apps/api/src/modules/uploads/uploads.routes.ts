import { STATUS_CODES } from 'node:http';
import { type Lesson, lessonSchema } from '@skillwise/contracts';
import { Server } from '@tus/server';
import type { Upload } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerRequest } from 'srvx';
import { NodeRequest } from 'srvx/node';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { ResponseCache } from '../../lib/response-cache';
import { binary, empty, handlerChecked } from '../../lib/route-schema';
import { webBody } from '../../lib/web-body';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import { MAX_OPEN_UPLOADS } from '../organisations/storage-quota';
import type { NewUpload, ResumableUploadService } from './uploads.service';

/** Where the tus endpoints live (README "Additions"). */
export const TUS_PATH = '/api/uploads/tus';

/** An upload's id, read by the tus server itself (its own 404 for an unknown one). */
const uploadIdParams = handlerChecked(
  z.object({ id: z.string() }),
  'The id from the `Location` of the creation.',
);

/** The tus 1.0 calls as the OpenAPI document describes them; their headers are the protocol's. */
const tusSchemas = {
  options: {
    tags: ['Uploads'],
    summary: 'The server’s tus capabilities (`Tus-Version`, `Tus-Extension`, `Tus-Max-Size`)',
    response: { 204: empty('The capabilities, in headers') },
  },
  create: {
    tags: ['Uploads'],
    summary: 'Create an upload of a lesson’s file (creation, creation-with-upload)',
    description:
      '`Upload-Length` and `Upload-Metadata` (section_Id, lesson_title, contentType, lesson_Id, filename) ' +
      'say what is sent; the answer’s `Location` names the upload. A `lesson_Id` other than 0 edits that ' +
      'lesson, as lessons/createLessons does: its title, type and file change at the last byte, not before. ' +
      'When the body already holds the whole file, the lesson is answered as lessons/createLessons does. ' +
      'The length is held against the ' +
      'organisation’s storage allowance until the upload ends (409 `PLAN_LIMIT` when it does not fit, ' +
      `409 \`CONFLICT\` while ${MAX_OPEN_UPLOADS} of its uploads are open).`,
    body: binary('application/offset+octet-stream', 'Optionally, the first bytes of the file'),
    response: {
      201: lessonSchema,
    },
  },
  offset: {
    tags: ['Uploads'],
    summary: 'How many bytes of an upload the server holds (`Upload-Offset`)',
    params: uploadIdParams,
    response: { 200: empty('The offset and the length, in headers') },
  },
  append: {
    tags: ['Uploads'],
    summary: 'Send the next bytes of an upload from `Upload-Offset`; the last ones make (or edit) the lesson',
    params: uploadIdParams,
    body: binary('application/offset+octet-stream', 'The next bytes of the file'),
    response: {
      200: lessonSchema,
      204: empty('Bytes stored: the new `Upload-Offset` is in the headers'),
    },
  },
  terminate: {
    tags: ['Uploads'],
    summary: 'Abandon an unfinished upload and remove its bytes',
    params: uploadIdParams,
    response: { 204: empty('Removed') },
  },
};

/**
 * What one request carries from Fastify's checks into the tus server's hooks: the upload it creates, or
 * the one whose ownership was checked (the only one the tus server may act on).
 */
type Exchange = {
  request: FastifyRequest;
  created?: NewUpload;
  checked?: Upload;
  lesson?: Lesson;
  error?: unknown;
};

const TUS_CODES: Record<number, string> = {
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** A tus protocol error (a wrong offset, a missing header) in the API's one error shape, status kept. */
const tusErrorBody = (status: number, text: string) => ({
  statusCode: status,
  error: STATUS_CODES[status] ?? 'Error',
  code: TUS_CODES[status] ?? 'VALIDATION',
  message: text.trim() || (STATUS_CODES[status] ?? 'Error'),
});

/**
 * Resumable lesson uploads with the tus 1.0 protocol (core, creation, termination) under
 * /api/uploads/tus: the official tus server writes to disk or to the bucket, and Fastify checks who may
 * create or continue an upload first, so errors keep the API's shape.
 */
export function registerUploadRoutes(
  api: FastifyInstance,
  uploads: ResumableUploadService,
  auth: Auth,
  cache: ResponseCache,
  options: { publicUrl: string; maxLessonBytes: number },
) {
  const exchanges = new WeakMap<ServerRequest, Exchange>();
  const exchangeOf = (req: ServerRequest) => {
    const exchange = exchanges.get(req);
    if (!exchange) throw new Error('a tus request arrived without its exchange');
    return exchange;
  };
  const created = new WeakMap<FastifyRequest, NewUpload>();
  const checked = new WeakMap<FastifyRequest, Upload>();
  const origin = new URL(options.publicUrl).origin;

  const tus = new Server({
    path: TUS_PATH,
    datastore: uploads.files.store,
    maxSize: options.maxLessonBytes,
    relativeLocation: true,
    allowedOrigins: [origin],
    // A finished upload is a lesson's file: only deleting the lesson removes it.
    disableTerminationForFinishedUploads: true,
    // The id is the one Fastify's route checked, never read again from the URL: the tus server's own
    // reading takes the URL's last segment, query included, so `<own id>?x=/<other id>` would reach
    // another user's upload. A request without a checked upload (POST, OPTIONS) names none.
    getFileIdFromRequest: (req) => exchangeOf(req).checked?.id,
    namingFunction: (req) => {
      const upload = exchangeOf(req).created;
      if (!upload) throw new Error('an upload was created without being checked');
      return upload.id;
    },
    onUploadCreate: async (req) => ({ metadata: exchangeOf(req).created?.metadata ?? {} }),
    onUploadFinish: async (req, upload) => {
      const exchange = exchangeOf(req);
      const lesson = await uploads.finish(publisherOf(exchange.request), upload);
      exchange.lesson = lesson;
      cache.clear();
      // The lesson as lessons/createLessons answers it; a POST that carried the whole file stays a 201.
      return {
        status_code: req.method === 'POST' ? 201 : 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(lesson),
      };
    },
    onResponseError: (req, error) => {
      const exchange = exchanges.get(req);
      // The server's own failures are answered as any other; a 501 (an extension not offered, such as
      // concatenation) is the protocol's answer to the client, kept as it is.
      const failed = 'status_code' in error ? error.status_code >= 500 && error.status_code !== 501 : true;
      if (exchange && (error instanceof AppError || failed)) exchange.error = error;
      return undefined;
    },
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const req = new NodeRequest({ req: request.raw, res: reply.raw });
    // The bytes a creation or an append carries reach the store without a copy (lib/web-body.ts).
    if (request.method === 'POST' || request.method === 'PATCH') {
      let body: ReadableStream<Uint8Array> | undefined;
      Object.defineProperty(req, 'body', { get: () => (body ??= webBody(request.raw)) });
    }
    const exchange: Exchange = { request };
    const upload = created.get(request);
    if (upload) exchange.created = upload;
    const own = checked.get(request);
    if (own) exchange.checked = own;
    exchanges.set(req, exchange);
    // A PATCH may stream for longer than the hold's lease: it is renewed while the request runs.
    const answer =
      own && request.method === 'PATCH'
        ? await uploads.whileHeld(own, () => tus.handleWeb(req), request.log)
        : await tus.handleWeb(req);
    // An upload that ended here without becoming a lesson (refused at its first bytes, terminated, or
    // never created after its hold was taken) holds no room any more.
    const id = own?.id ?? upload?.id;
    if (
      id &&
      !exchange.lesson &&
      (answer.status >= 400 || exchange.error !== undefined || request.method === 'DELETE')
    ) {
      await uploads.releaseIfGone(id);
    }
    const closing = answer.headers.get('connection') === 'close';
    if (closing) void reply.header('connection', 'close');
    if (exchange.error !== undefined) {
      const { error } = exchange;
      if (error instanceof Error) throw error;
      const { status_code, body } = error as { status_code?: number; body?: string };
      throw new Error(`tus ${status_code ?? ''}: ${body ?? String(error)}`.trim());
    }
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'connection' && name !== 'content-type') {
        void reply.header(name, value);
      }
    });
    const text = await answer.text();
    if (answer.status >= 400) return reply.status(answer.status).send(tusErrorBody(answer.status, text));
    void reply.status(answer.status);
    if (exchange.lesson) return reply.type('application/json; charset=utf-8').send(text);
    return reply.send();
  };

  const signedIn = auth();
  /** A refusal before the request's body was read also stops the client sending it. */
  const beforeBody = async (request: FastifyRequest, reply: FastifyReply, check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      if (!request.raw.complete) void reply.header('connection', 'close');
      throw error;
    }
  };
  const owned = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const upload = await uploads.ownUpload(actorOf(request), id);
    if (request.method === 'PATCH') {
      await beforeBody(request, reply, () => uploads.keepHold(publisherOf(request), upload));
    }
    checked.set(request, upload);
  };
  const checkCreation = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    await beforeBody(request, reply, async () => {
      const upload = await uploads.prepare(publisherOf(request), {
        length: header('upload-length'),
        deferLength: header('upload-defer-length'),
        metadata: header('upload-metadata'),
      });
      created.set(request, upload);
    });
  };

  void api.register(
    async (scope) => {
      // Chunks arrive as application/offset+octet-stream: the tus server streams them, nothing parses them.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.options('/', { schema: tusSchemas.options }, forward);
      scope.options('/:id', { schema: { ...tusSchemas.options, params: uploadIdParams } }, forward);
      scope.post('/', { preHandler: [signedIn, checkCreation], schema: tusSchemas.create }, forward);
      scope.route({
        method: 'HEAD',
        url: '/:id',
        preHandler: [signedIn, owned],
        schema: tusSchemas.offset,
        handler: forward,
      });
      scope.patch('/:id', { preHandler: [signedIn, owned], schema: tusSchemas.append }, forward);
      scope.delete('/:id', { preHandler: [signedIn, owned], schema: tusSchemas.terminate }, forward);
    },
    { prefix: '/uploads/tus' },
  );
}
