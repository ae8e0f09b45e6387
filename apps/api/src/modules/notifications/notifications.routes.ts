import {
  markReadBodySchema,
  markReadResultSchema,
  NOTIFICATIONS_PAGE_SIZE,
  notificationPreferencesSchema,
  notificationSchema,
  pageQuerySchema,
  savePreferencesBodySchema,
  unreadCountSchema,
  unsubscribeBodySchema,
  unsubscribeResultSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery, sendPage } from '../../lib/paging';
import { handlerChecked, paged, type ZodTypeProvider } from '../../lib/route-schema';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf } from '../../plugins/auth';
import type { InboxService } from './inbox.service';

/**
 * My Notification (README "Additions"): every signed-in user reads and marks its own notifications and
 * sets its e-mail switch; Unsubscribe needs no login, only the signed token an e-mail carries.
 */
export function registerNotificationRoutes(server: FastifyInstance, inbox: InboxService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Notifications'];

  const mine = {
    tags,
    summary: 'The signed-in user’s notifications, newest first, paged',
    querystring: pageQuerySchema,
    response: { 200: paged(notificationSchema) },
  };
  app.get('/notifications/GetMyNotifications', { ...signedIn, schema: mine }, async (request, reply) => {
    const list = listQuery(request.query, NOTIFICATIONS_PAGE_SIZE);
    return sendPage(reply, await inbox.list(actorOf(request), list));
  });

  const unread = {
    tags,
    summary: 'How many notifications are unread',
    response: { 200: unreadCountSchema },
  };
  app.get('/notifications/GetUnreadCount', { ...signedIn, schema: unread }, async (request) =>
    inbox.unreadCount(actorOf(request)),
  );

  const markRead = {
    tags,
    summary: 'Mark some notifications, or all, read',
    body: markReadBodySchema,
    response: { 200: markReadResultSchema },
  };
  app.put('/notifications/MarkRead', { ...signedIn, schema: markRead }, async (request) => {
    const { body } = request;
    return inbox.markRead(actorOf(request), body.all ? 'all' : (body.ids ?? []));
  });

  const preferences = {
    tags,
    summary: 'Whether notification e-mails are sent',
    response: { 200: notificationPreferencesSchema },
  };
  app.get('/notifications/GetPreferences', { ...signedIn, schema: preferences }, async (request) =>
    inbox.preferences(actorOf(request)),
  );

  const savePreferences = {
    tags,
    summary: 'Turn notification e-mails on or off (receipts are always sent)',
    body: savePreferencesBodySchema,
    response: { 200: notificationPreferencesSchema },
  };
  app.put('/notifications/SavePreferences', { ...signedIn, schema: savePreferences }, async (request) => {
    return inbox.savePreferences(actorOf(request), request.body.email_notifications);
  });

  // Its own scope: mail programs post the one-click unsubscribe (RFC 8058) as a form, with the token in
  // the URL of the List-Unsubscribe header; the web app's page posts JSON.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(
          null,
          Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString())),
        );
      },
    );
    const token = handlerChecked(
      unsubscribeBodySchema.partial(),
      'The token of the e-mail’s link, in the body (JSON or a form) or in the query.',
    );
    const unsubscribe = {
      tags,
      summary: 'Turn notification e-mails off with the token of an e-mail’s link (no login)',
      querystring: token,
      body: token,
      response: { 200: unsubscribeResultSchema },
    };
    scope.post('/notifications/Unsubscribe', { schema: unsubscribe }, async (request) => {
      const fromBody = (request.body as { token?: unknown } | undefined)?.token;
      const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
      const { token } = parseInput(unsubscribeBodySchema, { token: fromBody ?? fromQuery }, 'body');
      return inbox.unsubscribe(token);
    });
  });
}
