import type { IncomingMessage, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

type RequestTimeouts = Config['requestTimeouts'];

/**
 * The HTTP server's own limits: the headers must come within the timeout (Node answers 408 and closes);
 * no total time for a whole request, which would cut an honest upload of 2 GiB over a slow link. Bodies
 * are watched by `watchBody` instead. Node checks its connections this often for late headers.
 */
export const serverTimeouts = (limits: RequestTimeouts): ServerOptions => ({
  headersTimeout: limits.seconds * 1000,
  requestTimeout: 0,
  connectionsCheckingInterval: Math.min(30_000, Math.max(100, (limits.seconds * 1000) / 4)),
});

/** Lesson files and photos: a multipart form, or a tus chunk. */
const isUpload = (request: IncomingMessage) =>
  /^\s*(multipart\/form-data|application\/offset\+octet-stream)\b/i.test(
    request.headers['content-type'] ?? '',
  );

const hasBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * Closes the connection of a request whose body does not come, so a visitor cannot hold connections and
 * their buffers open by sending a byte now and then. A body that is not an upload must be complete
 * within `seconds`. An upload's must bring `uploadMinBytesPerSecond` over every window of `seconds`
 * while the server is waiting for it: when the server is the slow side (its buffer holds bytes not read
 * yet, or it paused the socket to let storage catch up) the window does not count against the client.
 */
export function watchBody(request: IncomingMessage, limits: RequestTimeouts): void {
  if (!hasBody(request) || request.complete) return;
  const { socket } = request;
  const upload = isUpload(request);
  const least = limits.uploadMinBytesPerSecond * limits.seconds;
  let readBefore = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.complete || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    const read = socket.bytesRead - readBefore;
    readBefore = socket.bytesRead;
    const waitingForClient = request.readableLength === 0 && !socket.isPaused();
    if (!upload || (waitingForClient && read < least)) {
      clearInterval(timer);
      socket.destroy();
    }
  }, limits.seconds * 1000);
  timer.unref();
  request.once('close', () => clearInterval(timer));
}

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
