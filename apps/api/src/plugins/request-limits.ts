import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * The longest query string any call takes, in bytes as sent: a search of 100 characters encodes to at
 * most about 1,200, a signed media URL's grant to about 120. A longer one would only weigh on what the
 * server remembers of a visitor's URL (lib/response-cache.ts) and on its logs.
 */
export const MAX_QUERY_LENGTH = 2048;

/** Refuses a query string past MAX_QUERY_LENGTH with a 414 naming it, before anything else reads it. */
export function registerRequestLimits(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.raw.url ?? '';
    const query = url.indexOf('?');
    if (query !== -1 && url.length - query - 1 > MAX_QUERY_LENGTH) {
      done(
        new AppError(
          'URI_TOO_LONG',
          `The address is too long: its query may be at most ${MAX_QUERY_LENGTH} characters.`,
          [{ field: 'query', message: `must be at most ${MAX_QUERY_LENGTH} characters` }],
        ),
      );
      return;
    }
    done();
  });
}
