import {
  answerRefundRequestBodySchema,
  PAGE_SIZES,
  pageQuerySchema,
  refundPolicySchema,
  refundRequestSchema,
  requestRefundBodySchema,
  requestRefundResponseSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery, sendPage } from '../../lib/paging';
import { paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { RefundService } from './refunds.service';

/**
 * The money-back guarantee (docs/decisions/029): the school's policy, the buyer's request, the school's
 * answer. Writes that change what course pages say clear the public cache.
 */
export function registerRefundRoutes(server: FastifyInstance, refunds: RefundService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const writing = { ...signedIn, config: { invalidates: 'public' as const } };
  const tags = ['Refunds'];

  app.get(
    '/organization/GetRefundPolicy',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s money-back guarantee: its window in days (0: none) and progress limit',
        response: { 200: refundPolicySchema },
      },
    },
    async (request) => refunds.policy(actorOf(request)),
  );

  app.post(
    '/organization/SetRefundPolicy',
    {
      ...writing,
      schema: {
        tags,
        summary: 'Sets the school’s money-back guarantee (its staff only)',
        body: refundPolicySchema,
        response: { 200: refundPolicySchema },
      },
    },
    async (request) => refunds.setPolicy(actorOf(request), request.body),
  );

  app.post(
    '/orders/RequestRefund',
    {
      ...writing,
      schema: {
        tags,
        summary:
          'The buyer asks for their money back: refunded at once inside the guarantee, else put to the school',
        description:
          'The caller’s own course purchase (anyone else’s: 404). Inside the school’s window and progress ' +
          'limit the rest of the sale is refunded at once and the course taken away (`outcome: refunded`, ' +
          'once per purchase); outside them a request waits for the school (`outcome: requested`; asked ' +
          'again, the same request). 409 when the purchase was never paid or is refunded in full.',
        body: requestRefundBodySchema,
        response: { 200: requestRefundResponseSchema },
      },
    },
    async (request) => refunds.request(actorOf(request), request.body),
  );

  app.get(
    '/orders/GetRefundRequests',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s refund requests, those waiting first, paged',
        querystring: pageQuerySchema,
        response: { 200: paged(refundRequestSchema) },
      },
    },
    async (request, reply) => {
      const list = listQuery(request.query, PAGE_SIZES.refundRequests);
      return sendPage(reply, await refunds.requests(actorOf(request), list));
    },
  );

  app.post(
    '/orders/AnswerRefundRequest',
    {
      ...writing,
      schema: {
        tags,
        summary: 'Approves (refunded in full, the course taken away) or declines a refund request',
        description:
          'The school’s staff (another school’s request: 404). `message` is shown to the buyer. A request ' +
          'answered already: 409.',
        body: answerRefundRequestBodySchema,
        response: { 200: refundRequestSchema },
      },
    },
    async (request) => refunds.answer(actorOf(request), request.body),
  );
}
