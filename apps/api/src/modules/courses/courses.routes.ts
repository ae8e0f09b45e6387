import {
  catalogueCategorySchema,
  catalogueQuerySchema,
  courseDetailSchema,
  courseFieldsSchema,
  courseListItemSchema,
  idParamSchema,
  orgPageQuerySchema,
  PAGE_SIZES,
  priceTypeSchema,
  publishCourseBodySchema,
  updateCourseFieldsSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { listKey, listQuery, sendPage } from '../../lib/paging';
import type { ResponseCache } from '../../lib/response-cache';
import { multipart, paged, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { type Auth, publisherOf } from '../../plugins/auth';
import { mayBeCourseStaff } from '../access/access';
import { imageRule } from '../authors/authors.routes';
import type { SchoolSiteService } from '../school-sites/school-sites.service';
import type { CourseService } from './courses.service';

/** The name a multipart field was sent under, for error details (`Object.<name>` by default). */
const sentAsObject = (fields: Record<string, string>) => (name: string) =>
  name in fields ? name : `Object.${name}`;

export function registerCourseRoutes(
  server: FastifyInstance,
  courses: CourseService,
  auth: Auth,
  files: { storage: FileStorage; maxImageBytes: number },
  cache: ResponseCache,
  schoolSites: Pick<SchoolSiteService, 'orgOfSlug'>,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Courses'];
  const changesPublic = { invalidates: 'public' as const };
  const cover = (required: boolean) => ({
    name: 'fileName',
    required,
    description: 'The cover image: a JPEG, PNG, GIF or WebP picture.',
  });

  // Paged, searched, filtered and sorted answers are cached too, under the normalised query, with their total.
  const catalogue = {
    tags,
    summary: 'The published courses of every organisation, paged, searched, filtered and sorted',
    description:
      'With `school` (a school site’s address, docs/decisions/040): that school’s published courses only; none for an unknown address.',
    querystring: catalogueQuerySchema,
    response: { 200: paged(courseListItemSchema) },
  };
  app.get('/courses/GetAllCoursesDetail', { schema: catalogue }, async (request, reply) => {
    const { category, price, sort, school } = request.query;
    const list = listQuery(request.query, PAGE_SIZES.catalogue);
    const filter = {
      ...(category === undefined ? {} : { category }),
      ...(price === undefined ? {} : { price }),
      ...(sort === undefined ? {} : { sort }),
    };
    // Without a filter the key is the one the catalogue always had; a category's case names one answer.
    const extra =
      Object.keys(filter).length === 0 ? '' : JSON.stringify([category?.toLowerCase(), price, sort]);
    const slug = school?.toLowerCase();
    const key = `${listKey('catalogue', list)}${extra}${slug === undefined ? '' : `@${slug}`}`;
    return cache.sendPage(request, reply, key, async () => {
      if (slug === undefined) return courses.listPublished(list, filter);
      const orgId = await schoolSites.orgOfSlug(slug);
      return orgId === undefined ? { rows: [], total: 0 } : courses.listPublished(list, { ...filter, orgId });
    });
  });

  const categories = {
    tags,
    summary: 'The category names of the published courses, for the catalogue’s filter',
    response: { 200: z.array(catalogueCategorySchema) },
  };
  app.get('/courses/GetCatalogueCategories', { schema: categories }, async (request, reply) =>
    cache.send(request, reply, 'catalogue-categories', () => courses.catalogueCategories()),
  );

  const orgCourses = {
    tags,
    summary: 'The organisation’s courses, drafts included, paged and searched',
    querystring: orgPageQuerySchema,
    response: { 200: paged(courseListItemSchema) },
  };
  app.get(
    '/courses/GetCoursesbyOrgId',
    { preHandler: auth(), schema: orgCourses },
    async (request, reply) => {
      return sendPage(
        reply,
        await courses.listForOrg(publisherOf(request), listQuery(request.query, PAGE_SIZES.orgCourses)),
      );
    },
  );

  const detail = {
    tags,
    summary: 'A published course’s detail (its staff also see it unpublished)',
    params: idParamSchema,
    response: { 200: courseDetailSchema },
  };
  const detailOptions = { preHandler: auth({ optional: true }), schema: detail };
  app.get('/courses/details/:id', detailOptions, async (request, reply) => {
    const { id } = request.params;
    // Only a publisher can be a course's staff; everyone else gets the public answer, cached.
    if (request.actor && mayBeCourseStaff(request.actor)) return courses.detail(request.actor, id);
    return cache.send(request, reply, `course:${id}`, () => courses.publicDetail(id));
  });

  const priceTypes = { tags, summary: 'The price types', response: { 200: z.array(priceTypeSchema) } };
  app.get('/pricetype/GetAllPriceTypes', { schema: priceTypes }, async () => courses.priceTypes());

  const create = {
    tags,
    summary: 'Create a course with its cover image (multipart)',
    body: multipart(courseFieldsSchema, cover(true)),
    response: { 201: courseDetailSchema },
  };
  const createOptions = { preHandler: auth(), schema: create, config: changesPublic };
  app.post('/courses/createCourse', createOptions, async (request, reply) => {
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

  const update = {
    tags,
    summary: 'Change a course; a new cover is optional (multipart)',
    body: multipart(updateCourseFieldsSchema, cover(false)),
    response: { 200: courseDetailSchema },
  };
  // Lessons made to open in order may take a lesson away from a student who was studying it.
  const updateOptions = {
    preHandler: auth(),
    schema: update,
    config: { ...changesPublic, mayRevokeLessonAccess: true as const },
  };
  app.put('/courses/updateCourse', updateOptions, async (request, reply) => {
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

  const publish = {
    tags,
    summary: 'Publish or unpublish a course; withSectionsAndLessons publishes all of it at once',
    body: publishCourseBodySchema,
    response: { 200: courseDetailSchema },
  };
  const publishOptions = {
    preHandler: auth(),
    schema: publish,
    config: { ...changesPublic, mayRevokeLessonAccess: true as const },
  };
  app.put('/courses/publishUnpublishCourse', publishOptions, async (request) => {
    const actor = publisherOf(request);
    const { body } = request;
    return courses.setPublished(actor, body.Id, body.published, {
      withSectionsAndLessons: body.withSectionsAndLessons,
    });
  });
}
