import {
  apiKeyIdSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  createWebhookEndpointSchema,
  PAGE_SIZES,
  redeliverWebhookSchema,
  updateWebhookEndpointSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookEndpointIdSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery, sendPage } from '../../lib/paging';
import { paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { IntegrationService } from './integrations.service';

/** A Growth school's webhooks and API keys (docs/decisions/037). */
export function registerIntegrationRoutes(server: FastifyInstance, service: IntegrationService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Webhooks and API keys'];
  const who =
    'The school’s publisher, signed in (not with an API key); anyone else: 404. A school not on the Growth plan: 403 naming it.';

  app.get(
    '/integrations/GetWebhookEndpoints',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s webhook endpoints, without their secrets',
        description: who,
        response: { 200: z.array(webhookEndpointSchema) },
      },
    },
    async (request) => service.listEndpoints(actorOf(request)),
  );

  app.post(
    '/integrations/CreateWebhookEndpoint',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Registers an endpoint for chosen events; answers its signing secret, shown this once',
        description: `${who} The URL is http or https; its host is resolved and a private, loopback, link-local, unique-local or unspecified address is refused (400 on \`url\`) unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=true.`,
        body: createWebhookEndpointSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createEndpoint(actorOf(request), request.body)),
  );

  app.post(
    '/integrations/UpdateWebhookEndpoint',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Changes an endpoint’s URL, events or description; `enabled` turns it off or on again',
        description: `${who} Turned on again, its failures are forgotten and the events kept meanwhile are sent.`,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => service.updateEndpoint(actorOf(request), request.body),
  );

  app.post(
    '/integrations/DeleteWebhookEndpoint',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Deletes an endpoint with its delivery log',
        description: who,
        body: webhookEndpointIdSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => service.deleteEndpoint(actorOf(request), request.body.id),
  );

  app.post(
    '/integrations/RollWebhookSecret',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Gives an endpoint a new signing secret, used from now on; shown this once',
        description: who,
        body: webhookEndpointIdSchema,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request) => service.rollSecret(actorOf(request), request.body.id),
  );

  app.post(
    '/integrations/SendTestWebhook',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sends a signed `webhook.test` event to an endpoint now; answers its delivery',
        description: `${who} A failed test is retried like any delivery.`,
        body: webhookEndpointIdSchema,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => service.sendTest(actorOf(request), request.body.id),
  );

  app.get(
    '/integrations/GetWebhookDeliveries',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'An endpoint’s delivery log, newest first: each event’s state, attempts and last answer; paged',
        description: who,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: paged(webhookDeliverySchema) },
      },
    },
    async (request, reply) => {
      const list = listQuery(request.query, PAGE_SIZES.webhookDeliveries);
      return sendPage(reply, await service.listDeliveries(actorOf(request), request.query.endpoint_id, list));
    },
  );

  app.post(
    '/integrations/RedeliverWebhook',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sends a delivery’s event again now (the same webhook-id); answers the new delivery',
        description: who,
        body: redeliverWebhookSchema,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => service.redeliver(actorOf(request), request.body.delivery_id),
  );

  app.get(
    '/integrations/GetApiKeys',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s API keys: name, first characters, when made, last used and revoked',
        description: who,
        response: { 200: z.array(apiKeySchema) },
      },
    },
    async (request) => service.listApiKeys(actorOf(request)),
  );

  app.post(
    '/integrations/CreateApiKey',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Makes an API key; answers the key itself, shown this once (only its hash is kept)',
        description: `${who} The key is sent as \`Authorization: Bearer sk_live_…\` and acts as the school’s publisher for this school only.`,
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createApiKey(actorOf(request), request.body)),
  );

  app.post(
    '/integrations/RevokeApiKey',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revokes an API key: refused from the next call on',
        description: who,
        body: apiKeyIdSchema,
        response: { 200: apiKeySchema },
      },
    },
    async (request) => service.revokeApiKey(actorOf(request), request.body.id),
  );
}
