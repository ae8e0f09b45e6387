import {
  markReadBodySchema,
  NOTIFICATIONS_PAGE_SIZE,
  pageQuerySchema,
  savePreferencesBodySchema,
  unsubscribeBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery, sendPage } from '../../lib/paging';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf } from '../../plugins/auth';
import type { NotificationService } from './notifications.service';

/**
 * My Notification (README "Additions"): every signed-in user reads and marks its own notifications and
 * sets its e-mail switch; Unsubscribe needs no login, only the signed token an e-mail carries.
 */
export function registerNotificationRoutes(app: FastifyInstance, service: NotificationService, auth: Auth) {
  const signedIn = { preHandler: auth() };

  app.get('/notifications/GetMyNotifications', signedIn, async (request, reply) => {
    const list = listQuery(parseInput(pageQuerySchema, request.query, 'query'), NOTIFICATIONS_PAGE_SIZE);
    return sendPage(reply, await service.list(actorOf(request), list));
  });

  app.get('/notifications/GetUnreadCount', signedIn, async (request) =>
    service.unreadCount(actorOf(request)),
  );

  app.put('/notifications/MarkRead', signedIn, async (request) => {
    const body = parseInput(markReadBodySchema, request.body, 'body');
    return service.markRead(actorOf(request), body.all ? 'all' : (body.ids ?? []));
  });

  app.get('/notifications/GetPreferences', signedIn, async (request) =>
    service.preferences(actorOf(request)),
  );

  app.put('/notifications/SavePreferences', signedIn, async (request) => {
    const body = parseInput(savePreferencesBodySchema, request.body, 'body');
    return service.savePreferences(actorOf(request), body.email_notifications);
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
    scope.post('/notifications/Unsubscribe', async (request) => {
      const fromBody = (request.body as { token?: unknown } | undefined)?.token;
      const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
      const { token } = parseInput(unsubscribeBodySchema, { token: fromBody ?? fromQuery }, 'body');
      return service.unsubscribe(token);
    });
  });
}
