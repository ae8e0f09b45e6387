import {
  CAPTION_LANGUAGES_MAX,
  CAPTION_MAX_BYTES,
  deleteCaptionsQuerySchema,
  idParamSchema,
  lessonCaptionsSchema,
  uploadCaptionsFieldsSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../lib/errors';
import { multipart, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload, type UploadRule } from '../../lib/upload';
import { type Auth, actorOf } from '../../plugins/auth';
import { captionsAsWebVtt, NOT_CAPTIONS } from './caption-files';
import type { CaptionService } from './captions.service';

const MAX_MB = CAPTION_MAX_BYTES / 1024 / 1024;

/** A captions upload: at most CAPTION_MAX_BYTES, read whole, checked and stored as WebVTT. */
const captionsRule: UploadRule = {
  field: 'file',
  maxBytes: CAPTION_MAX_BYTES,
  refuse: () => NOT_CAPTIONS,
  rewrite: captionsAsWebVtt,
  overLimit: () => fieldError('file', `is too large: a captions file may be at most ${MAX_MB} MB`),
};

/** A video lesson's captions (docs/decisions/042, README "Additions"), beside the spec's lessons/* calls. */
export function registerCaptionRoutes(
  server: FastifyInstance,
  captions: CaptionService,
  auth: Auth,
  files: { storage: FileStorage },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Curriculum'];
  const staffOnly =
    'The staff of the lesson’s course (owners, admins, an instructor given the course); anyone else is ' +
    'answered 404.';
  // A lesson's answers carry its captions (the course page's preview lessons among them): a change
  // starts the public cache afresh.
  const authoring = { preHandler: auth(), config: { invalidates: 'public' as const } };

  const upload = {
    tags,
    summary: 'Stores a video lesson’s captions in one language (multipart); answers its captions',
    description:
      `${staffOnly} Fields \`language\` (a BCP 47 tag such as en, fr or pt-BR, stored in its canonical ` +
      'form) and `label` (optional: the language’s English name when absent), then `file`: WebVTT ' +
      '(starting with WEBVTT, its cue timings well formed) or SRT (numbered cues timed as 00:00:01,000 ' +
      `--> 00:00:02,500), UTF-8, at most ${MAX_MB} MB. SRT is stored converted to WebVTT. A file that is ` +
      'neither, or too large, is a 400 naming `file`. A language uploaded again has its file replaced. At ' +
      `most ${CAPTION_LANGUAGES_MAX} languages per lesson (409). A video lesson only (400 otherwise). It ` +
      'counts against the school’s storage (409 when full).',
    params: idParamSchema,
    body: multipart(
      uploadCaptionsFieldsSchema,
      { name: 'file', required: true, description: 'The captions: a WebVTT (.vtt) or SRT (.srt) file.' },
      { prefix: '' },
    ),
    response: { 201: lessonCaptionsSchema },
  };
  app.post('/lessons/UploadCaptions/:id', { ...authoring, schema: upload }, async (request, reply) => {
    const actor = actorOf(request);
    const lessonId = request.params.id;
    let checked = false;
    const received = await receiveUpload(request, reply, files.storage, {
      ...captionsRule,
      // The lesson, and the caller's right to change it, are checked before a byte is stored.
      beforeFile: async () => {
        await captions.mayChange(actor, lessonId);
        checked = true;
      },
    });
    try {
      if (!checked) await captions.mayChange(actor, lessonId);
      const fields = parseObjectFields(uploadCaptionsFieldsSchema, received.fields, '');
      if (!received.file) throw fieldError('file', 'is required');
      return reply.status(201).send(await captions.save(actor, lessonId, fields, received.file));
    } catch (error) {
      await received.discard();
      throw error;
    }
  });

  app.get(
    '/lessons/GetCaptions/:id',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'A lesson’s captions, by language: label, size and when each was stored',
        description: staffOnly,
        params: idParamSchema,
        response: { 200: lessonCaptionsSchema },
      },
    },
    async (request) => captions.list(actorOf(request), request.params.id),
  );

  app.delete(
    '/lessons/DeleteCaptions/:id',
    {
      ...authoring,
      schema: {
        tags,
        summary: 'Removes a lesson’s captions in one language (`language`); answers its captions',
        description: `${staffOnly} Its file is deleted; a language it has no captions in is 404.`,
        params: idParamSchema,
        querystring: deleteCaptionsQuerySchema,
        response: { 200: lessonCaptionsSchema },
      },
    },
    async (request) => captions.remove(actorOf(request), request.params.id, request.query.language),
  );
}
