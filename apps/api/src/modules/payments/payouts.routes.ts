import { pageQuerySchema, payoutsSchema } from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../lib/paging';
import type { ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, schoolOwnerOf } from '../../plugins/auth';
import type { PayoutService } from './payouts.service';

/** How many payouts GetPayouts answers when only `page` is given. */
const PAYOUTS_PAGE_SIZE = 10;

/** orders/GetPayouts (README "Additions"): the publisher's own school's balance and payouts. */
export function registerPayoutRoutes(server: FastifyInstance, payouts: PayoutService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['Payments'],
    summary:
      'What the operator owes the publisher’s school (the net of its sales less payouts recorded) and its payouts, newest first',
    querystring: pageQuerySchema,
    response: { 200: payoutsSchema },
  };
  app.get('/orders/GetPayouts', { preHandler: auth(), schema }, async (request) => {
    return payouts.payouts(schoolOwnerOf(request), listQuery(request.query, PAYOUTS_PAGE_SIZE));
  });
}
