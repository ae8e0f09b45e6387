import {
  courseFieldsSchema,
  idParamSchema,
  orgPageQuerySchema,
  PAGE_SIZES,
  pageQuerySchema,
  publishBodySchema,
  ROLE,
  updateCourseFieldsSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { listKey, listQuery, sendPage } from '../../lib/paging';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOf, publisherOrg } from '../../plugins/auth';
import { imageRule } from '../authors/authors.routes';
import type { CourseService } from './courses.service';

/** The name a multipart field was sent under, for error details (`Object.<name>` by default). */
const sentAsObject = (fields: Record<string, string>) => (name: string) =>
  name in fields ? name : `Object.${name}`;

export function registerCourseRoutes(
  app: FastifyInstance,
  courses: CourseService,
  auth: Auth,
  files: { storage: FileStorage; maxImageBytes: number },
  cache: ResponseCache,
) {
  // Paged and searched answers are cached too, under the normalised query, with their total.
  app.get('/courses/GetAllCoursesDetail', async (request, reply) => {
    const list = listQuery(parseInput(pageQuerySchema, request.query, 'query'), PAGE_SIZES.catalogue);
    return cache.sendPage(request, reply, listKey('catalogue', list), () => courses.listPublished(list));
  });

  app.get('/courses/GetCoursesbyOrgId', { preHandler: auth() }, async (request, reply) => {
    const query = parseInput(orgPageQuerySchema, request.query, 'query');
    const orgId = publisherOrg(actorOf(request));
    return sendPage(reply, await courses.listForOrg(orgId, listQuery(query, PAGE_SIZES.orgCourses)));
  });

  app.get('/courses/details/:id', { preHandler: auth({ optional: true }) }, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    // Only a publisher can be a course's staff; everyone else gets the public answer, cached.
    if (request.actor?.role === ROLE.PUBLISHER) return courses.detail(request.actor, id);
    return cache.send(request, reply, `course:${id}`, () => courses.detail(null, id));
  });

  app.get('/pricetype/GetAllPriceTypes', async () => courses.priceTypes());

  app.post('/courses/createCourse', { preHandler: auth() }, async (request, reply) => {
    const actor = publisherOf(request);
    const upload = await receiveUpload(request, reply, files.storage, imageRule(files.maxImageBytes));
    try {
      const fields = parseObjectFields(courseFieldsSchema, upload.fields);
      if (!upload.file) {
        throw new AppError('VALIDATION', 'fileName: a cover image is required', [
          { field: 'fileName', message: 'is required' },
        ]);
      }
      const created = await courses.create(actor, fields, upload.file, sentAsObject(upload.fields));
      return reply.status(201).send(created);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  app.put('/courses/updateCourse', { preHandler: auth() }, async (request, reply) => {
    const actor = publisherOf(request);
    const upload = await receiveUpload(request, reply, files.storage, imageRule(files.maxImageBytes));
    try {
      const fields = parseObjectFields(updateCourseFieldsSchema, upload.fields);
      return await courses.update(actor, fields.course_Id, fields, upload.file, sentAsObject(upload.fields));
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  app.put('/courses/publishUnpublishCourse', { preHandler: auth() }, async (request) => {
    const actor = publisherOf(request);
    const body = parseInput(publishBodySchema, request.body, 'body');
    return courses.setPublished(actor, body.Id, body.published);
  });
}
