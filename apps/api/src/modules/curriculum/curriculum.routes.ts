import {
  bulkLessonFieldsSchema,
  idParamSchema,
  insertSectionBodySchema,
  lessonFieldsSchema,
  lessonOrderBodySchema,
  lessonSchema,
  lessonUrlSchema,
  messageResponseSchema,
  previewBodySchema,
  publishBodySchema,
  publishSectionBodySchema,
  sectionSchema,
  updateSectionBodySchema,
  uploadedLessonSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { ResponseCache } from '../../lib/response-cache';
import { multipart, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import type { CurriculumService } from './curriculum.service';
import { refuseBulkFile, refuseLessonFile } from './lesson-files';
import { storeWrittenLesson, WRITTEN_FIELD_BYTES, writtenTooLarge } from './written-lessons';

/** courseSections/* and lessons/* of SPEC §7, plus lessons/SaveLessonOrder (README "Additions"). */
export function registerCurriculumRoutes(
  server: FastifyInstance,
  curriculum: CurriculumService,
  auth: Auth,
  files: { storage: FileStorage; maxLessonBytes: number },
  cache: ResponseCache,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Curriculum'];
  // Every change of a section or a lesson may show in the course's public preview and figures.
  const signedIn = { preHandler: auth() };
  const authoring = { preHandler: auth(), config: { invalidates: 'public' as const } };
  // Changes that may take a lesson away from a student or a visitor who was watching it.
  const revoking = { ...authoring, config: { ...authoring.config, mayRevokeLessonAccess: true as const } };

  // A signed-in answer: never stored (Cache-Control: no-store, app.ts).
  const sections = {
    tags,
    summary: 'A course’s sections and lessons as the caller may see them',
    params: idParamSchema,
    response: { 200: z.array(sectionSchema) },
  };
  app.get(
    '/courseSections/GetCourseSectionsByCourseId/:id',
    { ...signedIn, schema: sections },
    async (request) => {
      return curriculum.reader.listForViewer(actorOf(request), request.params.id);
    },
  );

  // The course page's public curriculum, cached like the course's public detail; its preview lessons'
  // signed URLs live hours, so an answer kept for seconds hands out URLs just as good.
  const preview = {
    tags,
    summary: 'A published course’s public curriculum; only preview lessons carry their file',
    params: idParamSchema,
    response: { 200: z.array(sectionSchema) },
  };
  app.get(
    '/courseSections/GetCourseSectionsByCourseIdForPreview/:id',
    { schema: preview },
    async (request, reply) => {
      const { id } = request.params;
      return cache.send(request, reply, `preview:${id}`, () => curriculum.reader.listForPreview(id));
    },
  );

  const insertSection = {
    tags,
    summary: 'Add a section at the end of a course',
    description:
      'Optional `release_mode` (`immediately`, `on_date` with `release_at`, `after_days` with ' +
      '`release_days` from 0 to 3650): when its lessons open to a student (docs/decisions/032).',
    body: insertSectionBodySchema,
    response: { 201: sectionSchema },
  };
  app.post(
    '/courseSections/InsertCourseSections',
    { ...authoring, schema: insertSection },
    async (request, reply) => {
      const actor = publisherOf(request);
      const { body } = request;
      const section = await curriculum.addSection(actor, {
        courseId: body.course_id,
        name: body.section_name,
        description: body.section_description ?? '',
        published: body.published ?? false,
        release: { mode: body.release_mode, at: body.release_at, days: body.release_days },
      });
      return reply.status(201).send(section);
    },
  );

  const updateSection = {
    tags,
    summary: 'Rename, describe, publish or move a section, or change when it opens',
    description:
      'Optional `release_mode` (`immediately`, `on_date` with `release_at`, `after_days` with ' +
      '`release_days` from 0 to 3650); absent, the schedule stays (docs/decisions/032).',
    body: updateSectionBodySchema,
    response: { 200: sectionSchema },
  };
  // A later date or a schedule where there was none may take a lesson away from a student.
  app.put('/courseSections/UpdateCourseSections', { ...revoking, schema: updateSection }, async (request) => {
    const actor = publisherOf(request);
    const { body } = request;
    return curriculum.updateSection(actor, body.section_Id, {
      name: body.section_name,
      description: body.section_description,
      published: body.published,
      orderNumber: body.Order_number === undefined ? undefined : Number(body.Order_number),
      release: { mode: body.release_mode, at: body.release_at, days: body.release_days },
    });
  });

  const publishSection = {
    tags,
    summary: 'Publish or unpublish a section; withLessons publishes its lessons with it',
    body: publishSectionBodySchema,
    response: { 200: sectionSchema },
  };
  app.put(
    '/courseSections/publishUnpublishSection',
    { ...revoking, schema: publishSection },
    async (request) => {
      const actor = publisherOf(request);
      const { body } = request;
      return curriculum.setSectionPublished(actor, body.Id, body.published, {
        withLessons: body.withLessons,
      });
    },
  );

  const deleteSection = {
    tags,
    summary: 'Delete a section with its lessons',
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  };
  app.delete('/courseSections/:id', { ...revoking, schema: deleteSection }, async (request) => {
    const actor = publisherOf(request);
    return curriculum.deleteSection(actor, request.params.id);
  });

  const saveLesson = {
    tags,
    summary: 'Create a lesson (lesson_Id 0) or edit one, with its file if chosen (multipart)',
    description:
      'A text lesson may instead be written in the page: `Object.content_html`, its HTML (at most 512 KB), ' +
      'is sanitized by an allowlist (headings, paragraphs, bold, italic, lists, links, quotes, code; no ' +
      'script, style, event attribute, image, frame or address but http, https and mailto) and stored as ' +
      'the lesson’s file (`text/html`), which `content_path` then serves. Only with `contentType` text, ' +
      'and not beside a file. `contentType` quiz makes a quiz lesson, without a file: its questions are ' +
      'saved with quizzes/SaveQuiz (docs/decisions/031).',
    body: multipart(lessonFieldsSchema, {
      name: 'fileName',
      required: false,
      description: 'The lesson’s file: a PDF, a video, an audio file or a text file.',
    }),
    response: { 200: lessonSchema, 201: lessonSchema },
  };
  app.post('/lessons/createLessons', { ...authoring, schema: saveLesson }, async (request, reply) => {
    const actor = publisherOf(request);
    const upload = await receiveUpload(request, reply, files.storage, {
      field: 'fileName',
      maxBytes: files.maxLessonBytes,
      refuse: refuseLessonFile,
      fieldSize: WRITTEN_FIELD_BYTES,
    });
    let written: Awaited<ReturnType<typeof storeWrittenLesson>> | undefined;
    try {
      if ([...upload.truncated].some((name) => name.endsWith('content_html'))) throw writtenTooLarge();
      const fields = parseObjectFields(lessonFieldsSchema, upload.fields);
      if (fields.content_html !== undefined) {
        const { contentType, content_html: html } = fields;
        written = await storeWrittenLesson(request, files.storage, { contentType, html, file: upload.file });
      }
      const { created, lesson } = await curriculum.lessons.saveLesson(
        actor,
        {
          lessonId: fields.lesson_Id,
          title: fields.lesson_title,
          contentType: fields.contentType,
          sectionId: fields.section_Id,
        },
        written?.file ?? upload.file,
      );
      return reply.status(created ? 201 : 200).send(lesson);
    } catch (error) {
      await upload.discard();
      await written?.discard();
      throw error;
    }
  });

  const uploadLesson = {
    tags,
    summary: 'Bulk upload: one file makes one lesson at the end of a section (multipart)',
    body: multipart(
      bulkLessonFieldsSchema,
      { name: 'file', required: true, description: 'The lesson’s file, its name the lesson’s title.' },
      { prefix: '' },
    ),
    response: { 201: uploadedLessonSchema },
  };
  app.post('/lessons/UploadLesson', { ...authoring, schema: uploadLesson }, async (request, reply) => {
    const actor = publisherOf(request);
    const upload = await receiveUpload(request, reply, files.storage, {
      field: 'file',
      maxBytes: files.maxLessonBytes,
      refuse: refuseBulkFile,
    });
    try {
      const fields = parseObjectFields(bulkLessonFieldsSchema, upload.fields, '');
      if (!upload.file) {
        throw new AppError('VALIDATION', 'file: a file is required', [
          { field: 'file', message: 'is required' },
        ]);
      }
      const lesson = await curriculum.lessons.addUploadedLesson(actor, fields.section_Id, upload.file);
      return reply.status(201).send({ ...lesson, url: lesson.content_path });
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  const publishLesson = {
    tags,
    summary: 'Publish or unpublish a lesson',
    body: publishBodySchema,
    response: { 200: lessonSchema },
  };
  app.put('/lessons/publishUnpublishLesson', { ...revoking, schema: publishLesson }, async (request) => {
    const actor = publisherOf(request);
    const { body } = request;
    return curriculum.setLessonFlag(actor, body.Id, { published: body.published });
  });

  const previewLesson = {
    tags,
    summary: 'Make a lesson a free preview, or stop it being one',
    body: previewBodySchema,
    response: { 200: lessonSchema },
  };
  app.put(
    '/lessons/handleMakeRemovePreviewLesson',
    { ...revoking, schema: previewLesson },
    async (request) => {
      const actor = publisherOf(request);
      const { body } = request;
      return curriculum.setLessonFlag(actor, body.Id, { preview: body.makepreview });
    },
  );

  // The order shows in the course's public preview.
  const lessonOrder = {
    tags,
    summary: 'Put a section’s lessons in a new order',
    body: lessonOrderBodySchema,
    response: { 200: z.array(lessonSchema) },
  };
  app.put('/lessons/SaveLessonOrder', { ...authoring, schema: lessonOrder }, async (request) => {
    const actor = publisherOf(request);
    const { body } = request;
    return curriculum.saveOrder(actor, body.section_Id, body.lesson_Ids);
  });

  const contentUrl = {
    tags,
    summary: 'A fresh signed URL to a lesson’s file, for a viewer allowed to see it',
    params: idParamSchema,
    response: { 200: lessonUrlSchema },
  };
  const contentUrlOptions = { preHandler: auth({ optional: true }), schema: contentUrl };
  app.get('/lessons/GetLessonContentUrl/:id', contentUrlOptions, async (request) => {
    return curriculum.reader.contentUrl(request.actor, request.params.id);
  });

  const deleteLesson = {
    tags,
    summary: 'Delete a lesson and its file',
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  };
  app.delete('/lessons/:id', { ...revoking, schema: deleteLesson }, async (request) => {
    const actor = publisherOf(request);
    return curriculum.deleteLesson(actor, request.params.id);
  });
}
