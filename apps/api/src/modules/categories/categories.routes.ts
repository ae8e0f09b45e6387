import {
  categoryIdQuerySchema,
  categorySchema,
  createCategoryBodySchema,
  messageResponseSchema,
  orgPageQuerySchema,
  PAGE_SIZES,
  updateCategoryBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery, sendPage } from '../../lib/paging';
import { paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf, publisherOrg, schoolStaffOf } from '../../plugins/auth';
import type { CategoryService } from './categories.service';

/** coursecategory/* of SPEC §7; `org_Id` is accepted but the organisation comes from the token. */
export function registerCategoryRoutes(server: FastifyInstance, categories: CategoryService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const publisher = { preHandler: auth() };
  const tags = ['Categories'];
  // Course answers name their category: a change shows in the catalogue and on course pages.
  const changesPublic = { invalidates: 'public' as const };

  const list = {
    tags,
    summary: 'The organisation’s categories, paged and searched',
    querystring: orgPageQuerySchema,
    response: { 200: paged(categorySchema) },
  };
  app.get(
    '/coursecategory/GetCourseCategoriesByOrgId',
    { ...publisher, schema: list },
    async (request, reply) => {
      const orgId = publisherOrg(actorOf(request));
      return sendPage(reply, await categories.list(orgId, listQuery(request.query, PAGE_SIZES.categories)));
    },
  );

  const byId = {
    tags,
    summary: 'One of the organisation’s categories',
    querystring: categoryIdQuerySchema,
    response: { 200: categorySchema },
  };
  app.get('/coursecategory/GetCourseCategoryByIdAsync', { ...publisher, schema: byId }, async (request) => {
    return categories.get(publisherOrg(actorOf(request)), request.query.category_Id);
  });

  const create = {
    tags,
    summary: 'Create a category',
    body: createCategoryBodySchema,
    response: { 201: categorySchema },
  };
  const createOptions = { ...publisher, schema: create, config: changesPublic };
  app.post('/coursecategory/CreateCourseCategory', createOptions, async (request, reply) => {
    const { body } = request;
    const actor = actorOf(request);
    const created = await categories.create(publisherOrg(actor), actor.userId, {
      name: body.category_name,
      description: body.category_description ?? '',
    });
    return reply.status(201).send(created);
  });

  const update = {
    tags,
    summary: 'Rename or describe a category',
    body: updateCategoryBodySchema,
    response: { 200: categorySchema },
  };
  const updateOptions = { ...publisher, schema: update, config: changesPublic };
  app.put('/coursecategory/UpdateCourseCategoryAsync', updateOptions, async (request) => {
    const { body } = request;
    return categories.update(schoolStaffOf(request).orgId, body.category_Id, {
      name: body.category_name,
      description: body.category_description ?? '',
    });
  });

  const remove = {
    tags,
    summary: 'Delete a category no course uses',
    querystring: categoryIdQuerySchema,
    response: { 200: messageResponseSchema },
  };
  const removeOptions = { ...publisher, schema: remove, config: changesPublic };
  app.delete('/coursecategory/DeleteCourseCategoryAsync', removeOptions, async (request) => {
    return categories.delete(schoolStaffOf(request).orgId, request.query.category_Id);
  });
}
