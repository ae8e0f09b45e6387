import {
  courseRatingSchema,
  hideReviewBodySchema,
  idParamSchema,
  myReviewSchema,
  PAGE_SIZES,
  pageQuerySchema,
  reviewSchema,
  saveReviewBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listKey, listQuery, sendPage } from '../../lib/paging';
import type { ResponseCache } from '../../lib/response-cache';
import { paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import { mayBeCourseStaff } from '../access/access';
import type { ReviewService } from './reviews.service';

/**
 * Course reviews (README "Additions"). The public answers are cached like the course's public detail;
 * a successful write declares that it changes them (`invalidates: 'public'`, routes.ts clears the cache),
 * so a change shows at once.
 */
export function registerReviewRoutes(
  server: FastifyInstance,
  reviews: ReviewService,
  auth: Auth,
  cache: ResponseCache,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const maybeSignedIn = { preHandler: auth({ optional: true }) };
  const writing = { ...signedIn, config: { invalidates: 'public' as const } };
  const tags = ['Reviews'];

  const rating = {
    tags,
    summary: 'A course’s average rating and number of ratings',
    params: idParamSchema,
    response: { 200: courseRatingSchema },
  };
  app.get('/reviews/GetCourseRating/:id', { ...maybeSignedIn, schema: rating }, async (request, reply) => {
    const { id } = request.params;
    // Only a publisher can be a course's staff (an unpublished course); everyone else gets the cached answer.
    if (request.actor && mayBeCourseStaff(request.actor)) return reviews.rating(request.actor, id);
    return cache.send(request, reply, `rating:${id}`, () => reviews.rating(null, id));
  });

  const courseReviews = {
    tags,
    summary: 'A course’s reviews, newest first, paged (its publisher also sees hidden ones)',
    params: idParamSchema,
    querystring: pageQuerySchema,
    response: { 200: paged(reviewSchema) },
  };
  app.get(
    '/reviews/GetCourseReviews/:id',
    { ...maybeSignedIn, schema: courseReviews },
    async (request, reply) => {
      const { id } = request.params;
      const list = listQuery(request.query, PAGE_SIZES.reviews);
      if (request.actor && mayBeCourseStaff(request.actor)) {
        void reply.header('cache-control', 'private, no-store');
        return sendPage(reply, await reviews.list(request.actor, id, list));
      }
      return cache.sendPage(request, reply, listKey(`reviews:${id}`, list), () =>
        reviews.list(null, id, list),
      );
    },
  );

  const mine = {
    tags,
    summary: 'Whether the caller may review a course, and its review if any',
    params: idParamSchema,
    response: { 200: myReviewSchema },
  };
  app.get('/reviews/GetMyCourseReview/:id', { ...signedIn, schema: mine }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store');
    return reviews.mine(actorOf(request), request.params.id);
  });

  const save = {
    tags,
    summary: 'Rate a course the caller is enrolled in, with an optional comment (or change its review)',
    body: saveReviewBodySchema,
    response: { 200: reviewSchema, 201: reviewSchema },
  };
  app.post('/reviews/SaveCourseReview', { ...writing, schema: save }, async (request, reply) => {
    const { review, created } = await reviews.save(actorOf(request), request.body);
    return reply.status(created ? 201 : 200).send(review);
  });

  const hide = {
    tags,
    summary: 'Hide a review of the publisher’s course, or show it again',
    body: hideReviewBodySchema,
    response: { 200: reviewSchema },
  };
  app.put('/reviews/hideUnhideReview', { ...writing, schema: hide }, async (request) => {
    const actor = publisherOf(request);
    const { body } = request;
    return reviews.setHidden(actor, body.Id, body.hidden);
  });
}
