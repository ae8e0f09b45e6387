import {
  captureCourseOrderBodySchema,
  capturePlanOrderBodySchema,
  captureResponseSchema,
  createCourseOrderBodySchema,
  createPlanOrderBodySchema,
  idParamSchema,
  orderResponseSchema,
  PAGE_SIZES,
  PROVIDER_FEE_UNREPORTED_HEADER,
  pageQuerySchema,
  paymentsConfigSchema,
  refundOrderBodySchema,
  refundOrderResponseSchema,
  SALES_TOTAL_HEADERS,
  saleRowSchema,
  salesSeriesQuerySchema,
  salesSeriesSchema,
  sandboxApproveBodySchema,
  sandboxApproveResponseSchema,
  sandboxOrderSchema,
  TOTAL_EARNINGS_HEADER,
  TOTAL_SALE_PRICE_HEADER,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery, sendPage } from '../../lib/paging';
import { PAYPAL_WEBHOOK_HEADERS } from '../../lib/payments/paypal';
import { handlerChecked, paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf, schoolOwnerOf, schoolStaffOf } from '../../plugins/auth';
import type { PaymentService } from './payments.service';

/** courses/CreateOrder, courses/CaptureOrder, organization/CreateOrder, organization/CaptureOrder, and the sandbox. */
export function registerPaymentRoutes(server: FastifyInstance, payments: PaymentService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Payments'];
  const orderIdParams = z.object({ id: z.string().min(1).max(100) });
  // 202 when the provider holds the captured money for review (status PENDING): access follows later.
  const captured = { 200: captureResponseSchema, 202: captureResponseSchema };

  const config = {
    tags,
    summary: 'Which payment provider the web app shows',
    response: { 200: paymentsConfigSchema },
  };
  app.get('/payments/config', { schema: config }, async () => payments.providers.config());

  const createCourseOrder = {
    tags,
    summary: 'Order a course for the signed-in student; a free course is enrolled at once',
    body: createCourseOrderBodySchema,
    response: { 201: orderResponseSchema },
  };
  app.post('/courses/CreateOrder', { ...signedIn, schema: createCourseOrder }, async (request, reply) => {
    return reply.status(201).send(await payments.checkout.createCourseOrder(actorOf(request), request.body));
  });

  const captureCourseOrder = {
    tags,
    summary: 'Capture an approved course order: the student is enrolled',
    body: captureCourseOrderBodySchema,
    response: captured,
  };
  app.post('/courses/CaptureOrder', { ...signedIn, schema: captureCourseOrder }, async (request, reply) => {
    const captured = await payments.checkout.captureCourseOrder(actorOf(request), request.body);
    return reply.status(captured.status === 'PENDING' ? 202 : 200).send(captured);
  });

  const createPlanOrder = {
    tags,
    summary: 'Order a subscription plan for the publisher’s organisation',
    body: createPlanOrderBodySchema,
    response: { 201: orderResponseSchema },
  };
  app.post('/organization/CreateOrder', { ...signedIn, schema: createPlanOrder }, async (request, reply) => {
    const actor = schoolOwnerOf(request);
    return reply.status(201).send(await payments.checkout.createPlanOrder(actor, request.body));
  });

  const capturePlanOrder = {
    tags,
    summary: 'Capture an approved plan order: the subscription starts or extends',
    body: capturePlanOrderBodySchema,
    response: captured,
  };
  app.post(
    '/organization/CaptureOrder',
    { ...signedIn, schema: capturePlanOrder },
    async (request, reply) => {
      const actor = schoolOwnerOf(request);
      const captured = await payments.checkout.capturePlanOrder(actor, request.body);
      return reply.status(captured.status === 'PENDING' ? 202 : 200).send(captured);
    },
  );

  const sandboxOrder = {
    tags,
    summary: 'A sandbox order as its approval page shows it, for its buyer',
    params: orderIdParams,
    response: { 200: sandboxOrderSchema },
  };
  app.get('/sandbox/orders/:id', { ...signedIn, schema: sandboxOrder }, async (request) => {
    return payments.sandbox.sandboxOrder(actorOf(request), request.params.id);
  });

  const approve = {
    tags,
    summary: 'Approve a sandbox order with a test card',
    params: orderIdParams,
    body: sandboxApproveBodySchema,
    response: { 200: sandboxApproveResponseSchema },
  };
  app.post('/sandbox/orders/:id/approve', { ...signedIn, schema: approve }, async (request) => {
    return payments.sandbox.approveSandbox(actorOf(request), request.params.id, request.body.cardNumber);
  });

  // Stripe signs the exact bytes it sends, and PayPal verifies them: these routes alone keep their JSON body raw.
  void server.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const webhook = {
      tags,
      summary: 'Stripe’s webhook: register this URL in Stripe for its payment events',
      description:
        'Events signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature header, checked against the raw body ' +
        'within 5 minutes of signing): checkout.session.completed and payment_intent.amount_capturable_updated ' +
        'capture the paid order as the checkout would, charge.refunded records a refund made in Stripe, ' +
        'charge.dispute.created is recorded and logged; invoice.paid (or invoice.payment_succeeded) and invoice.payment_failed of a plan’s ' +
        'subscription renew the plan or start its grace, customer.subscription.updated and ' +
        'customer.subscription.deleted cancel or resume it (each read back from Stripe, docs/decisions/027). ' +
        'Each event is taken once; a replay answers 200 and ' +
        'changes nothing. 400 when the signature does not match, 404 when the webhook is not configured.',
      headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
      body: handlerChecked(
        z.object({
          id: z.string(),
          object: z.literal('event'),
          type: z.string(),
          data: z.object({ object: z.record(z.string(), z.unknown()) }),
        }),
        'A Stripe event, read only once its raw bytes match the Stripe-Signature header.',
      ),
      response: { 200: z.object({ received: z.literal(true) }) },
    };
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/payments/webhooks/stripe', { schema: webhook }, async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.webhooks.stripeWebhook(body, request.headers['stripe-signature']);
      });

    const paypalWebhook = {
      tags,
      summary: 'PayPal’s webhook: register this URL in PayPal for its payment events',
      description:
        'Each delivery is verified by PayPal’s own verify-webhook-signature call (its PAYPAL-* headers, ' +
        'PAYPAL_WEBHOOK_ID and the event as received): CHECKOUT.ORDER.APPROVED captures the approved order ' +
        'as the checkout would, PAYMENT.CAPTURE.COMPLETED settles a capture PayPal held, ' +
        'PAYMENT.CAPTURE.REFUNDED and PAYMENT.CAPTURE.REVERSED record a refund made in PayPal, ' +
        'CUSTOMER.DISPUTE.CREATED is recorded and logged; PAYMENT.SALE.COMPLETED and ' +
        'BILLING.SUBSCRIPTION.PAYMENT.FAILED of a plan’s PayPal subscription renew the plan or start its grace, ' +
        'BILLING.SUBSCRIPTION.ACTIVATED, SUSPENDED, CANCELLED and EXPIRED record its approval, cancel, resume ' +
        'or end it (each read back from PayPal, docs/decisions/028); other events are taken and ignored. Each event is ' +
        'taken once; a replay answers 200 and changes nothing. 400 when a header is missing or PayPal does ' +
        'not verify the delivery, 502 when PayPal cannot be asked (PayPal delivers it again), 404 when the ' +
        'webhook is not configured.',
      headers: z.object(
        Object.fromEntries(
          Object.values(PAYPAL_WEBHOOK_HEADERS).map((name) => [name, z.string().max(4000).optional()]),
        ),
      ),
      body: handlerChecked(
        z.object({
          id: z.string(),
          event_type: z.string(),
          resource: z.record(z.string(), z.unknown()),
        }),
        'A PayPal webhook event, read only once PayPal has verified the delivery.',
      ),
      response: { 200: z.object({ received: z.literal(true) }) },
    };
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/payments/webhooks/paypal', { schema: paypalWebhook }, async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.webhooks.paypalWebhook(body, request.headers);
      });
  });

  const sales = {
    tags,
    summary:
      'The organisation’s sales, paged and searched, each with what it earns (net) and its parts; their sums in the X-Total-* headers',
    querystring: pageQuerySchema,
    response: { 200: paged(saleRowSchema) },
  };
  app.get('/orders/GetSalesByOrgId', { ...signedIn, schema: sales }, async (request, reply) => {
    const actor = schoolStaffOf(request);
    const list = listQuery(request.query, PAGE_SIZES.sales);
    const sales = await payments.sales.sales(actor, list);
    void reply.header(TOTAL_SALE_PRICE_HEADER, sales.totalSalePrice);
    void reply.header(TOTAL_EARNINGS_HEADER, sales.totalEarnings);
    for (const [part, name] of Object.entries(SALES_TOTAL_HEADERS)) {
      void reply.header(name, sales.totals[part as keyof typeof SALES_TOTAL_HEADERS]);
    }
    void reply.header(PROVIDER_FEE_UNREPORTED_HEADER, String(sales.providerFeeUnreported));
    return sendPage(reply, sales);
  });

  const refund = {
    tags,
    summary: 'Give back one of the school’s course sales, whole or a part, through the provider that took it',
    description:
      'The school’s staff only (another school’s order, a plan, or a caller who is not staff: 404). ' +
      '`amount` (dollars, whole cents) defaults to what is left of the sale; more than is left is a 400 on ' +
      '`amount`: refunds in all never exceed what was paid. `remove_access` (default: true when the refund ' +
      'gives back all that is left) takes the course from the buyer: enrolment revoked, certificate revoked, ' +
      'review hidden; their progress is kept. `request_id` (8-100 letters, digits, - or _) names the request: ' +
      'sent again it answers the same refund. The provider is asked at once; while it is down the refund is ' +
      '`pending` and asked again every minute. 409 when the order was never paid, was free, or is refunded ' +
      'in full. docs/decisions/029.',
    body: refundOrderBodySchema,
    response: { 200: refundOrderResponseSchema },
  };
  app.post(
    '/orders/RefundOrder',
    { ...signedIn, config: { invalidates: 'public' as const }, schema: refund },
    async (request) => payments.refunds.refundSale(actorOf(request), request.body),
  );

  const series = {
    tags,
    summary:
      'The organisation’s gross and net sales per UTC day, week or month from `from` to `to` (empty buckets included)',
    querystring: salesSeriesQuerySchema,
    response: { 200: salesSeriesSchema },
  };
  app.get('/orders/GetSalesSeries', { ...signedIn, schema: series }, async (request) => {
    return payments.sales.salesSeries(schoolStaffOf(request), request.query);
  });

  const purchases = {
    tags,
    summary: 'The signed-in user’s purchases, paged and searched',
    params: idParamSchema,
    querystring: pageQuerySchema,
    response: { 200: paged(saleRowSchema) },
  };
  app.get('/orders/GetPurchasesByUserId/:id', { ...signedIn, schema: purchases }, async (request, reply) => {
    const list = listQuery(request.query, PAGE_SIZES.purchases);
    return sendPage(reply, await payments.sales.purchases(actorOf(request), request.params.id, list));
  });
}
