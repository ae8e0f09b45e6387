import type { FastifyRequest } from 'fastify';
import { loggableError } from './db-errors';

/** Query parameters that grant access on their own: a signed URL's signature, tokens of any kind. */
const SECRET_PARAMETER = /^(signature|sig|token|access_token|[a-z_]*_token)$/i;

/** The URL as it may be logged: the value of every secret query parameter replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is kept as sent.
      }
      return eq >= 0 && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as logged: pino's usual fields, and no failed query's parameters at any depth. */
function serializeError(error: unknown, depth = 0): SerializedError {
  const safe = loggableError(error);
  if (!(safe instanceof Error)) {
    // Already made loggable (a failed query), or something thrown that is not an Error.
    if (safe && typeof safe === 'object') return { type: 'Object', message: '', stack: '', ...safe };
    return { type: typeof safe, message: String(safe), stack: '' };
  }
  const out: SerializedError = {
    type: safe.constructor?.name ?? safe.name,
    message: safe.message,
    stack: safe.stack ?? '',
  };
  for (const [key, value] of Object.entries(safe)) {
    if (!(key in out) && key !== 'cause') out[key] = value;
  }
  if (safe.cause !== undefined && depth < 5) out.cause = serializeError(safe.cause, depth + 1);
  return out;
}

/**
 * The logger's serializers: requests as Fastify logs them but with secret query values redacted, and
 * errors without a failed query's bound parameters (lib/db-errors.ts `loggableError`).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    const version = request.headers?.['accept-version'];
    return {
      method: request.method,
      url: redactUrl(request.url),
      version: typeof version === 'string' ? version : undefined,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: (error: Error) => serializeError(error),
};
