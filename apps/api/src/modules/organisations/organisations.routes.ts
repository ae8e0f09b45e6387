import {
  idParamSchema,
  organisationSchema,
  pricingRecordSchema,
  registerOrgBodySchema,
  registerResponseSchema,
  subscriptionTypeCategorySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ResponseCache } from '../../lib/response-cache';
import type { ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { OrganisationService } from './organisations.service';

/** organization/* and pricingplan of SPEC §7 (orders come with payments). */
export function registerOrganisationRoutes(
  server: FastifyInstance,
  organisations: OrganisationService,
  auth: Auth,
  cache: ResponseCache,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisations'];

  const register = {
    tags,
    summary: 'Register an organisation and its publisher account; a verification code is mailed',
    description:
      'An addition: an optional `language` (en, es or ar), the publisher’s own, as users/SetMyLanguage sets it; the school’s default language is its site settings’ (schoolSite/UpdateSettings).',
    body: registerOrgBodySchema,
    response: { 201: registerResponseSchema },
  };
  app.post('/organization/RegisterOrg', { schema: register }, async (request, reply) => {
    return reply.status(201).send(await organisations.register(request.body, request.ip));
  });

  const byId = {
    tags,
    summary: 'The caller’s organisation with its subscription',
    params: idParamSchema,
    response: { 200: organisationSchema },
  };
  app.get('/organization/getOrgById/:id', { preHandler: auth(), schema: byId }, async (request) => {
    return organisations.getById(actorOf(request), request.params.id);
  });

  const planTypes = {
    tags,
    summary: 'The subscription plans, monthly and annual',
    response: { 200: z.array(subscriptionTypeCategorySchema) },
  };
  app.get(
    '/organization/getAllAdminSubscriptionTypeCategory',
    { schema: planTypes },
    async (request, reply) =>
      cache.send(request, reply, 'plan-types', () => organisations.subscriptionTypes()),
  );

  const pricing = {
    tags,
    summary:
      'The plan prices: the first element is the pricing record, with each plan’s card (`features`, README “Additions”)',
    response: { 200: z.array(pricingRecordSchema) },
  };
  app.get('/pricingplan', { schema: pricing }, async (request, reply) =>
    cache.send(request, reply, 'pricing', () => organisations.pricing()),
  );
}
