import {
  hideReviewBodySchema,
  idParamSchema,
  PAGE_SIZES,
  pageQuerySchema,
  ROLE,
  saveReviewBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listKey, listQuery, sendPage } from '../../lib/paging';
import type { ResponseCache } from '../../lib/response-cache';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import type { ReviewService } from './reviews.service';

/**
 * Course reviews (README "Additions"). The public answers are cached like the course's public detail;
 * a successful write under /api/reviews/ clears the cache (routes.ts), so a change shows at once.
 */
export function registerReviewRoutes(
  app: FastifyInstance,
  reviews: ReviewService,
  auth: Auth,
  cache: ResponseCache,
) {
  const signedIn = { preHandler: auth() };
  const maybeSignedIn = { preHandler: auth({ optional: true }) };

  app.get('/reviews/GetCourseRating/:id', maybeSignedIn, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    // Only a publisher can be a course's staff (an unpublished course); everyone else gets the cached answer.
    if (request.actor?.role === ROLE.PUBLISHER) return reviews.rating(request.actor, id);
    return cache.send(request, reply, `rating:${id}`, () => reviews.rating(null, id));
  });

  app.get('/reviews/GetCourseReviews/:id', maybeSignedIn, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    const list = listQuery(parseInput(pageQuerySchema, request.query, 'query'), PAGE_SIZES.reviews);
    if (request.actor?.role === ROLE.PUBLISHER) {
      void reply.header('cache-control', 'private, no-store');
      return sendPage(reply, await reviews.list(request.actor, id, list));
    }
    return cache.sendPage(request, reply, listKey(`reviews:${id}`, list), () => reviews.list(null, id, list));
  });

  app.get('/reviews/GetMyCourseReview/:id', signedIn, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    void reply.header('cache-control', 'private, no-store');
    return reviews.mine(actorOf(request), id);
  });

  app.post('/reviews/SaveCourseReview', signedIn, async (request, reply) => {
    const body = parseInput(saveReviewBodySchema, request.body, 'body');
    const { review, created } = await reviews.save(actorOf(request), body);
    return reply.status(created ? 201 : 200).send(review);
  });

  app.put('/reviews/hideUnhideReview', signedIn, async (request) => {
    const actor = publisherOf(request);
    const body = parseInput(hideReviewBodySchema, request.body, 'body');
    return reviews.setHidden(actor, body.Id, body.hidden);
  });
}
