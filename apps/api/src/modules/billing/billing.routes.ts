import {
  changePlanBodySchema,
  changePlanResponseSchema,
  planActionBodySchema,
  planRenewalSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { BillingService } from './billing.service';
import { moveClockBack } from './test-clock';

/**
 * organization/GetPlanRenewal, CancelPlan, ResumePlan, ChangePlan (README "Additions"): a school's plan
 * that renews by itself (docs/decisions/025). Each acts on the caller's own organisation; naming another
 * one answers 404.
 */
export function registerBillingRoutes(
  server: FastifyInstance,
  billing: BillingService,
  auth: Auth,
  options: { testClock: boolean },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisations'];
  const signedIn = { preHandler: auth() };

  const renewal = {
    tags,
    summary: 'The organisation’s plan: whether it renews, when, for how much, grace after a failed renewal',
    querystring: planActionBodySchema,
    response: { 200: planRenewalSchema },
  };
  app.get('/organization/GetPlanRenewal', { ...signedIn, schema: renewal }, async (request) =>
    billing.changes.renewal(actorOf(request), request.query.org_Id),
  );

  const cancel = {
    tags,
    summary: 'Cancel the plan at the end of its period (it keeps working until then)',
    body: planActionBodySchema.optional(),
    response: { 200: planRenewalSchema },
  };
  app.post('/organization/CancelPlan', { ...signedIn, schema: cancel }, async (request) =>
    billing.changes.cancel(actorOf(request), request.body?.org_Id),
  );

  const resume = {
    tags,
    summary: 'Resume a cancelled plan before its period ends: it renews again',
    body: planActionBodySchema.optional(),
    response: { 200: planRenewalSchema },
  };
  app.post('/organization/ResumePlan', { ...signedIn, schema: resume }, async (request) =>
    billing.changes.resume(actorOf(request), request.body?.org_Id),
  );

  const change = {
    tags,
    summary:
      'Change the plan: a higher plan now (the prorated difference charged to the saved card), any other from the next period',
    body: changePlanBodySchema,
    response: { 200: changePlanResponseSchema },
  };
  app.post('/organization/ChangePlan', { ...signedIn, schema: change }, async (request) =>
    billing.changes.changePlan(actorOf(request), request.body),
  );

  // Only with NODE_ENV=test (the browser journeys): never in production.
  if (options.testClock) {
    const advance = {
      tags: ['Testing'],
      summary:
        'Test only (NODE_ENV=test): move the caller’s plan `days` into the past, then run the renewal round',
      body: z.object({ days: z.number().min(0).max(400) }),
      response: {
        200: z.object({ renewed: z.number(), failed: z.number(), lapsed: z.number(), reminded: z.number() }),
      },
    };
    app.post('/test/billing/advance', { ...signedIn, schema: advance }, async (request) => {
      const actor = actorOf(request);
      await billing.changes.renewal(actor);
      await moveClockBack(billing, actor.orgId ?? 0, request.body.days);
      return billing.runDue();
    });
  }
}
