import { idParamSchema, registerOrgBodySchema } from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from '../../lib/response-cache';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf } from '../../plugins/auth';
import type { OrganisationService } from './organisations.service';

/** organization/* and pricingplan of SPEC §7 (orders come with payments). */
export function registerOrganisationRoutes(
  app: FastifyInstance,
  organisations: OrganisationService,
  auth: Auth,
  cache: ResponseCache,
) {
  app.post('/organization/RegisterOrg', async (request, reply) => {
    const body = parseInput(registerOrgBodySchema, request.body, 'body');
    return reply.status(201).send(await organisations.register(body, request.ip));
  });

  app.get('/organization/getOrgById/:id', { preHandler: auth() }, async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return organisations.getById(actorOf(request), id);
  });

  app.get('/organization/getAllAdminSubscriptionTypeCategory', async (request, reply) =>
    cache.send(request, reply, 'plan-types', () => organisations.subscriptionTypes()),
  );

  app.get('/pricingplan', async (request, reply) =>
    cache.send(request, reply, 'pricing', () => organisations.pricing()),
  );
}
