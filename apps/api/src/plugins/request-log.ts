import type { FastifyInstance } from 'fastify';

/**
 * What is logged of requests. Fastify's own two lines per request (incoming, completed) are off unless
 * LOG_REQUESTS=true: at info they halve the rate of cached public reads. Whatever that setting, an
 * answer of 500 or more is logged as an error (503 as a warning: a full password line or a statement
 * timeout, the server's own choice), and one slower than SLOW_REQUEST_MS as a warning. Each line carries
 * the request as the logger's `req` serializer writes it (method, url with secret query values
 * redacted, address), the status and the time taken.
 */
export function registerRequestLogging(app: FastifyInstance, options: { slowRequestMs: number }) {
  const { slowRequestMs } = options;
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    if (status >= 500 || responseTime > slowRequestMs) {
      const line = { req: request, res: reply, responseTime };
      if (status >= 500 && status !== 503) request.log.error(line, 'request failed');
      else if (status === 503) request.log.warn(line, 'request refused: the server is busy');
      else request.log.warn(line, 'slow request');
    }
    done();
  });
}
