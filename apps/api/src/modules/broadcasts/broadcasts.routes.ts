import {
  BROADCAST_MSG,
  broadcastAllowanceSchema,
  broadcastIdBodySchema,
  broadcastIdQuerySchema,
  broadcastPreviewSchema,
  broadcastSchema,
  broadcastsQuerySchema,
  PAGE_SIZES,
  saveBroadcastBodySchema,
  sendBroadcastBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery, sendPage } from '../../lib/paging';
import { paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { BroadcastService } from './broadcasts.service';

/** A school's e-mails to its students (docs/decisions/036): My Students' Email Students. */
export function registerBroadcastRoutes(server: FastifyInstance, service: BroadcastService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Email Students'];
  const staffOnly = 'The school’s publisher; anyone else, and another school’s message, is not found (404).';

  app.get(
    '/organization/GetBroadcasts',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s messages to its students, newest first, with their counts; paged',
        description: `${staffOnly} Searched on the subject. Counts: recipients, delivered, failed, pending (in the queue), unsubscribed (left out because their e-mails were off, or who turned them off since).`,
        querystring: broadcastsQuerySchema,
        response: { 200: paged(broadcastSchema) },
      },
    },
    async (request, reply) => {
      const list = listQuery(request.query, PAGE_SIZES.broadcasts);
      return sendPage(reply, await service.list(actorOf(request), list));
    },
  );

  app.get(
    '/organization/GetBroadcast',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One message with its counts',
        description: staffOnly,
        querystring: broadcastIdQuerySchema,
        response: { 200: broadcastSchema },
      },
    },
    async (request) => service.get(actorOf(request), request.query.broadcast_Id),
  );

  app.get(
    '/organization/GetBroadcastAllowance',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'The school’s marketing e-mails this calendar month (UTC): its plan’s limit, used, remaining',
        description: `${staffOnly} \`limit\` and \`remaining\` null: unlimited (Basic, Growth). Kickstarter: 7,500.`,
        response: { 200: broadcastAllowanceSchema },
      },
    },
    async (request) => service.allowance(actorOf(request)),
  );

  app.post(
    '/organization/SaveBroadcast',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Saves a draft: new, or `broadcast_Id` changed (a draft or a scheduled message)',
        description: `${staffOnly} \`format\` \`text\` or \`html\` (sanitized: paragraphs, line breaks, bold, italic, lists, links to http, https and mailto; the rest removed). \`audience\` \`all\`, \`course\` (with \`course_Id\`, a course of the school) or \`not_enrolled\`. A sent or cancelled message: 409.`,
        body: saveBroadcastBodySchema,
        response: { 200: broadcastSchema },
      },
    },
    async (request) => service.save(actorOf(request), request.body),
  );

  app.get(
    '/organization/PreviewBroadcast',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'The message as its students will read it: subject, HTML and text, and how many it would go to now',
        description: staffOnly,
        querystring: broadcastIdQuerySchema,
        response: { 200: broadcastPreviewSchema },
      },
    },
    async (request) => service.preview(actorOf(request), request.query.broadcast_Id),
  );

  app.post(
    '/organization/SendTestBroadcast',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sends the message to the caller’s own address, subject marked [Test]',
        description: `${staffOnly} Through the mail queue, with the unsubscribe link and headers. Not counted in the monthly allowance; at most 10 a message (409 after).`,
        body: broadcastIdBodySchema,
        response: { 200: z.object({ message: z.literal(BROADCAST_MSG.testSent) }) },
      },
    },
    async (request) => service.sendTest(actorOf(request), request.body.broadcast_Id),
  );

  app.post(
    '/organization/SendBroadcast',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sends the message now, or schedules it for `send_at`',
        description: `${staffOnly} Now: queued at once to every student of its audience whose e-mails are on, at the installation’s pace. A message that would pass the plan’s monthly allowance is refused whole: 409 PLAN_LIMIT saying how many remain; nobody to send to: 409. \`send_at\`: an ISO time within a year (400 on \`send_at\` when past); released by the server within a minute of it, once across instances.`,
        body: sendBroadcastBodySchema,
        response: { 200: broadcastSchema },
      },
    },
    async (request) => service.send(actorOf(request), request.body),
  );

  app.post(
    '/organization/CancelBroadcast',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Cancels a scheduled message',
        description: `${staffOnly} Only a scheduled one (409 otherwise).`,
        body: broadcastIdBodySchema,
        response: { 200: broadcastSchema },
      },
    },
    async (request) => service.cancel(actorOf(request), request.body.broadcast_Id),
  );
}
