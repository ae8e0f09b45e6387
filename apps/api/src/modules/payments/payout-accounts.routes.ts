import {
  connectStripeAccountBodySchema,
  payoutAccountSchema,
  setPayPalPayeeBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noBody, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { PayoutAccountService } from './payout-accounts.service';

/**
 * organization/GetPayoutAccount, ConnectStripeAccount, RefreshPayoutAccount, SetPayPalPayee (README
 * "Additions"): the accounts the caller's own school is paid into with PAYOUT_MODE=connected
 * (docs/decisions/026). Its publishers only.
 */
export function registerPayoutAccountRoutes(
  server: FastifyInstance,
  accounts: PayoutAccountService,
  auth: Auth,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organisations'];
  const signedIn = { preHandler: auth() };

  const get = {
    tags,
    summary:
      'The accounts the school is paid into (PAYOUT_MODE=connected), whether it can sell paid courses now and, if not, what to do',
    response: { 200: payoutAccountSchema },
  };
  app.get('/organization/GetPayoutAccount', { ...signedIn, schema: get }, async (request) =>
    accounts.get(actorOf(request)),
  );

  const connect = {
    tags,
    summary:
      'A link to Stripe’s onboarding of the school’s own Stripe account (made the first time); Stripe sends the school back to returnPath (default: Settings). 400 when PAYOUT_MODE is collected or Stripe is not configured',
    body: connectStripeAccountBodySchema,
    response: { 200: z.object({ url: z.string() }) },
  };
  app.post('/organization/ConnectStripeAccount', { ...signedIn, schema: connect }, async (request) =>
    accounts.connectStripe(actorOf(request), request.body?.returnPath),
  );

  const refresh = {
    tags,
    summary:
      'The school’s Stripe account read back from Stripe (after onboarding), answered as GetPayoutAccount',
    body: noBody(),
    response: { 200: payoutAccountSchema },
  };
  app.post('/organization/RefreshPayoutAccount', { ...signedIn, schema: refresh }, async (request) =>
    accounts.refresh(actorOf(request)),
  );

  const paypal = {
    tags,
    summary:
      'The PayPal account (its e-mail) the school is paid into, answered as GetPayoutAccount. 400 when PAYOUT_MODE is collected or PayPal is not configured',
    body: setPayPalPayeeBodySchema,
    response: { 200: payoutAccountSchema },
  };
  app.put('/organization/SetPayPalPayee', { ...signedIn, schema: paypal }, async (request) =>
    accounts.setPayPalPayee(actorOf(request), request.body.email),
  );
}
