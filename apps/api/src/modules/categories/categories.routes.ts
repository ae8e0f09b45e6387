import {
  categoryIdQuerySchema,
  createCategoryBodySchema,
  orgPageQuerySchema,
  PAGE_SIZES,
  updateCategoryBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery, sendPage } from '../../lib/paging';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOrg } from '../../plugins/auth';
import type { CategoryService } from './categories.service';

/** coursecategory/* of SPEC §7; `org_Id` is accepted but the organisation comes from the token. */
export function registerCategoryRoutes(app: FastifyInstance, categories: CategoryService, auth: Auth) {
  const publisher = { preHandler: auth() };

  app.get('/coursecategory/GetCourseCategoriesByOrgId', publisher, async (request, reply) => {
    const query = parseInput(orgPageQuerySchema, request.query, 'query');
    const orgId = publisherOrg(actorOf(request));
    return sendPage(reply, await categories.list(orgId, listQuery(query, PAGE_SIZES.categories)));
  });

  app.get('/coursecategory/GetCourseCategoryByIdAsync', publisher, async (request) => {
    const { category_Id } = parseInput(categoryIdQuerySchema, request.query, 'query');
    return categories.get(publisherOrg(actorOf(request)), category_Id);
  });

  app.post('/coursecategory/CreateCourseCategory', publisher, async (request, reply) => {
    const body = parseInput(createCategoryBodySchema, request.body, 'body');
    const actor = actorOf(request);
    const created = await categories.create(publisherOrg(actor), actor.userId, {
      name: body.category_name,
      description: body.category_description ?? '',
    });
    return reply.status(201).send(created);
  });

  app.put('/coursecategory/UpdateCourseCategoryAsync', publisher, async (request) => {
    const body = parseInput(updateCategoryBodySchema, request.body, 'body');
    return categories.update(publisherOrg(actorOf(request)), body.category_Id, {
      name: body.category_name,
      description: body.category_description ?? '',
    });
  });

  app.delete('/coursecategory/DeleteCourseCategoryAsync', publisher, async (request) => {
    const { category_Id } = parseInput(categoryIdQuerySchema, request.query, 'query');
    return categories.delete(publisherOrg(actorOf(request)), category_Id);
  });
}
