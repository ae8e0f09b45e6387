import {
  captureCourseOrderBodySchema,
  capturePlanOrderBodySchema,
  createCourseOrderBodySchema,
  createPlanOrderBodySchema,
  idParamSchema,
  PAGE_SIZES,
  pageQuerySchema,
  sandboxApproveBodySchema,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery, sendPage } from '../../lib/paging';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import type { PaymentService } from './payments.service';

/** courses/CreateOrder, courses/CaptureOrder, organization/CreateOrder, organization/CaptureOrder, and the sandbox. */
export function registerPaymentRoutes(app: FastifyInstance, payments: PaymentService, auth: Auth) {
  const signedIn = { preHandler: auth() };

  app.get('/payments/config', async () => payments.config());

  app.post('/courses/CreateOrder', signedIn, async (request, reply) => {
    const body = parseInput(createCourseOrderBodySchema, request.body, 'body');
    return reply.status(201).send(await payments.createCourseOrder(actorOf(request), body));
  });

  // 202 when the provider holds the captured money for review (status PENDING): access follows later.
  app.post('/courses/CaptureOrder', signedIn, async (request, reply) => {
    const body = parseInput(captureCourseOrderBodySchema, request.body, 'body');
    const captured = await payments.captureCourseOrder(actorOf(request), body);
    return reply.status(captured.status === 'PENDING' ? 202 : 200).send(captured);
  });

  app.post('/organization/CreateOrder', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
    const body = parseInput(createPlanOrderBodySchema, request.body, 'body');
    return reply.status(201).send(await payments.createPlanOrder(actor, body));
  });

  app.post('/organization/CaptureOrder', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
    const body = parseInput(capturePlanOrderBodySchema, request.body, 'body');
    const captured = await payments.capturePlanOrder(actor, body);
    return reply.status(captured.status === 'PENDING' ? 202 : 200).send(captured);
  });

  app.get('/sandbox/orders/:id', signedIn, async (request) => {
    const { id } = parseInput(z.object({ id: z.string().min(1).max(100) }), request.params, 'params');
    return payments.sandboxOrder(actorOf(request), id);
  });

  app.post('/sandbox/orders/:id/approve', signedIn, async (request) => {
    const { id } = parseInput(z.object({ id: z.string().min(1).max(100) }), request.params, 'params');
    const body = parseInput(sandboxApproveBodySchema, request.body, 'body');
    return payments.approveSandbox(actorOf(request), id, body.cardNumber);
  });

  app.get('/orders/GetSalesByOrgId', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
    const list = listQuery(parseInput(pageQuerySchema, request.query, 'query'), PAGE_SIZES.sales);
    const sales = await payments.sales(actor, list);
    void reply.header(TOTAL_SALE_PRICE_HEADER, sales.totalSalePrice);
    void reply.header(TOTAL_EARNINGS_HEADER, sales.totalEarnings);
    return sendPage(reply, sales);
  });

  app.get('/orders/GetPurchasesByUserId/:id', signedIn, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    const list = listQuery(parseInput(pageQuerySchema, request.query, 'query'), PAGE_SIZES.purchases);
    return sendPage(reply, await payments.purchases(actorOf(request), id, list));
  });
}
