import {
  checkCouponQuerySchema,
  couponInputSchema,
  couponQuoteSchema,
  couponSchema,
  couponsQuerySchema,
  deleteCouponBodySchema,
  PAGE_SIZES,
  updateCouponBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery, sendPage } from '../../lib/paging';
import { paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { CouponService } from './coupons.service';

/** A school's coupons (docs/decisions/030), and what a code makes of a course's price at checkout. */
export function registerCouponRoutes(server: FastifyInstance, coupons: CouponService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Coupons'];
  const staffOnly = 'The school’s staff; another school’s coupon is not found (404).';

  app.get(
    '/organization/GetCoupons',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s coupons, newest first, with each one’s uses, revenue and state; paged',
        description: `${staffOnly} Searched on the code.`,
        querystring: couponsQuerySchema,
        response: { 200: paged(couponSchema) },
      },
    },
    async (request, reply) => {
      const list = listQuery(request.query, PAGE_SIZES.coupons);
      return sendPage(reply, await coupons.list(actorOf(request), list));
    },
  );

  app.post(
    '/organization/CreateCoupon',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Makes a coupon: a percent or an amount off, for all or chosen courses, between dates',
        description: `${staffOnly} A code the school has already: 409 on \`code\`.`,
        body: couponInputSchema,
        response: { 201: couponSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await coupons.create(actorOf(request), request.body)),
  );

  app.post(
    '/organization/UpdateCoupon',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Changes a coupon (the whole of it); `active: false` pauses it',
        description: `${staffOnly} Orders made with it keep their price.`,
        body: updateCouponBodySchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => coupons.update(actorOf(request), request.body),
  );

  app.post(
    '/organization/DeleteCoupon',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Deletes a coupon no order was made with',
        description: `${staffOnly} One an order was made with: 409 (pause it instead).`,
        body: deleteCouponBodySchema,
        response: { 200: z.object({ coupon_Id: z.number() }) },
      },
    },
    async (request) => coupons.remove(actorOf(request), request.body.coupon_Id),
  );

  app.get(
    '/courses/CheckCoupon',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'What a coupon code makes of a course’s price for the signed-in buyer',
        description:
          'The list price, the discount and the price to pay (dollars). A code the order could not take ' +
          'answers 409 COUPON_REFUSED with why (unknown, paused, not yet valid, expired, used up, used by ' +
          'this buyer already, not for this course) on `coupon_code`.',
        querystring: checkCouponQuerySchema,
        response: { 200: couponQuoteSchema },
      },
    },
    async (request) => coupons.check(actorOf(request), request.query),
  );
}
