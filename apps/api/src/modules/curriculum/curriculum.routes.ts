import {
  bulkLessonFieldsSchema,
  idParamSchema,
  insertSectionBodySchema,
  lessonFieldsSchema,
  lessonOrderBodySchema,
  previewBodySchema,
  publishBodySchema,
  updateSectionBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import { type CurriculumService, refuseBulkFile, refuseLessonFile } from './curriculum.service';

/** courseSections/* and lessons/* of SPEC §7, plus lessons/SaveLessonOrder (README "Additions"). */
export function registerCurriculumRoutes(
  app: FastifyInstance,
  curriculum: CurriculumService,
  auth: Auth,
  files: { storage: FileStorage; maxLessonBytes: number },
  cache: ResponseCache,
) {
  const signedIn = { preHandler: auth() };

  // A signed-in answer: never stored (Cache-Control: no-store, app.ts).
  app.get('/courseSections/GetCourseSectionsByCourseId/:id', signedIn, async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return curriculum.listForViewer(actorOf(request), id);
  });

  // The course page's public curriculum, cached like the course's public detail; its preview lessons'
  // signed URLs live hours, so an answer kept for seconds hands out URLs just as good.
  app.get('/courseSections/GetCourseSectionsByCourseIdForPreview/:id', async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return cache.send(request, reply, `preview:${id}`, () => curriculum.listForPreview(id));
  });

  app.post('/courseSections/InsertCourseSections', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
    const body = parseInput(insertSectionBodySchema, request.body, 'body');
    const section = await curriculum.addSection(actor, {
      courseId: body.course_id,
      name: body.section_name,
      description: body.section_description ?? '',
      published: body.published ?? false,
    });
    return reply.status(201).send(section);
  });

  app.put('/courseSections/UpdateCourseSections', signedIn, async (request) => {
    const actor = publisherOf(request);
    const body = parseInput(updateSectionBodySchema, request.body, 'body');
    return curriculum.updateSection(actor, body.section_Id, {
      name: body.section_name,
      description: body.section_description,
      published: body.published,
      orderNumber: body.Order_number === undefined ? undefined : Number(body.Order_number),
    });
  });

  app.put('/courseSections/publishUnpublishSection', signedIn, async (request) => {
    const actor = publisherOf(request);
    const body = parseInput(publishBodySchema, request.body, 'body');
    return curriculum.setSectionPublished(actor, body.Id, body.published);
  });

  app.delete('/courseSections/:id', signedIn, async (request) => {
    const actor = publisherOf(request);
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return curriculum.deleteSection(actor, id);
  });

  app.post('/lessons/createLessons', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
    const upload = await receiveUpload(request, reply, files.storage, {
      field: 'fileName',
      maxBytes: files.maxLessonBytes,
      refuse: refuseLessonFile,
    });
    try {
      const fields = parseObjectFields(lessonFieldsSchema, upload.fields);
      const { created, lesson } = await curriculum.saveLesson(
        actor,
        {
          lessonId: fields.lesson_Id,
          title: fields.lesson_title,
          contentType: fields.contentType,
          sectionId: fields.section_Id,
        },
        upload.file,
      );
      return reply.status(created ? 201 : 200).send(lesson);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  app.post('/lessons/UploadLesson', signedIn, async (request, reply) => {
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
      const lesson = await curriculum.addUploadedLesson(actor, fields.section_Id, upload.file);
      return reply.status(201).send({ ...lesson, url: lesson.content_path });
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  app.put('/lessons/publishUnpublishLesson', signedIn, async (request) => {
    const actor = publisherOf(request);
    const body = parseInput(publishBodySchema, request.body, 'body');
    return curriculum.setLessonFlag(actor, body.Id, { published: body.published });
  });

  app.put('/lessons/handleMakeRemovePreviewLesson', signedIn, async (request) => {
    const actor = publisherOf(request);
    const body = parseInput(previewBodySchema, request.body, 'body');
    return curriculum.setLessonFlag(actor, body.Id, { preview: body.makepreview });
  });

  app.put('/lessons/SaveLessonOrder', signedIn, async (request) => {
    const actor = publisherOf(request);
    const body = parseInput(lessonOrderBodySchema, request.body, 'body');
    return curriculum.saveOrder(actor, body.section_Id, body.lesson_Ids);
  });

  app.get('/lessons/GetLessonContentUrl/:id', { preHandler: auth({ optional: true }) }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return curriculum.contentUrl(request.actor, id);
  });

  app.delete('/lessons/:id', signedIn, async (request) => {
    const actor = publisherOf(request);
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return curriculum.deleteLesson(actor, id);
  });
}
