import type { ErrorBody } from '@skillwise/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { constraintConflict, isUnstorableText, loggableError } from '../lib/db-errors';
import { AppError } from '../lib/errors';
import { isClientGone, isStatementTimeout, statementTimeoutError } from '../lib/request-context';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const body = (
  statusCode: number,
  code: string,
  message: string,
  details?: ErrorBody['details'],
): ErrorBody => ({
  statusCode,
  error: STATUS_TEXT[statusCode] ?? 'Error',
  code,
  message,
  ...(details ? { details } : {}),
});

/** Framework errors we turn into clear client errors; anything else unknown is a masked 500. */
function clientError(error: FastifyError): ErrorBody | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return body(400, 'VALIDATION', 'body: must be valid JSON', [
        { field: 'body', message: 'must be valid JSON' },
      ]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return body(415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return body(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return body(400, 'VALIDATION', 'The Content-Length header does not match the body.');
    case 'FST_ERR_VALIDATION':
      return body(400, 'VALIDATION', error.message);
  }
  // The last line of defence: every text field refuses control characters while it is validated.
  if (isUnstorableText(error)) {
    return body(400, 'VALIDATION', 'The request contains characters that cannot be stored (such as NUL).');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return body(error.statusCode, 'VALIDATION', error.message);
  }
  return undefined;
}

/**
 * The client went away before its request was read to the end (an upload cancelled, a tab closed, a
 * network drop): whatever failed after that is no fault of ours.
 */
const clientLeft = (request: FastifyRequest) => !request.raw.complete && request.raw.destroyed;

/** One error shape on the wire: `{ statusCode, error, code, message, details? }` (STYLE "Errors"). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(body(error.statusCode, error.code, error.message, error.details));
    }
    const known = clientError(error);
    if (known) return reply.status(known.statusCode).send(known);
    const conflict = constraintConflict(error, request.method);
    if (conflict) {
      request.log.info({ err: loggableError(error) }, 'a change met a constraint: another change came first');
      return reply.status(409).send(body(409, 'CONFLICT', conflict));
    }
    if (clientLeft(request)) {
      request.log.info(
        { err: loggableError(error) },
        'the client closed the connection before its request ended',
      );
      return reply.status(400).send(body(400, 'VALIDATION', 'The request ended before it was complete.'));
    }
    if (isStatementTimeout(error)) {
      const timeout = statementTimeoutError();
      void reply.headers(timeout.headers ?? {});
      return reply.status(503).send(body(503, timeout.code, timeout.message));
    }
    if (isClientGone(error)) {
      // Nobody is there to read it: 499 is how proxies record a request its client abandoned.
      return reply.status(499).send(body(499, 'CLIENT_CLOSED', 'The client closed the connection.'));
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(body(500, 'INTERNAL', 'Internal Server Error'));
  });
}

export const notFoundBody = (method: string, url: string) =>
  body(404, 'NOT_FOUND', `Route ${method} ${url.split('?')[0]} not found.`);
