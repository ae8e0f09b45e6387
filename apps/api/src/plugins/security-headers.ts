import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import type { FileStorage } from '../lib/storage';

/** PayPal's checkout: its script, the frames and pop-up it opens, its images and its API calls. */
const PAYPAL_ORIGINS = ['https://www.paypal.com', 'https://*.paypal.com'];
const PAYPAL_IMAGES = ['https://*.paypalobjects.com'];

/** A key no file has: presigning it tells which origin the bucket's URLs have, without a request. */
const PROBE_KEY = '00000000-0000-4000-8000-000000000000.bin';

/** The origin lesson files are played from when they come straight from a bucket; none on local disk. */
export async function mediaOriginOf(storage: FileStorage): Promise<string | undefined> {
  if (!storage.presignGet) return undefined;
  const url = await storage.presignGet(PROBE_KEY, {
    signedAt: new Date(0),
    expiresInSeconds: 60,
    contentType: 'application/octet-stream',
    filename: 'probe.bin',
  });
  return new URL(url).origin;
}

/**
 * The Content-Security-Policy of the web app: scripts, styles, fonts and API calls from this origin only,
 * no inline script; lesson media and PDF frames from this origin or the bucket's; PayPal's origins only
 * when PayPal is configured.
 */
export function contentSecurityPolicy(options: { paypal: boolean; mediaOrigin: string | undefined }) {
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  const paypal = options.paypal ? PAYPAL_ORIGINS : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...paypal],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...media, ...(options.paypal ? [...paypal, ...PAYPAL_IMAGES] : [])],
    fontSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:', ...media],
    // The PDF lesson is shown in a frame; PayPal's buttons are frames of its own.
    frameSrc: ["'self'", ...media, ...paypal],
    // The PDF viewer asks the file's URL before framing it.
    connectSrc: ["'self'", ...media, ...paypal],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * The headers helmet would write, worked out once: every directive here is fixed for the server's life
 * (no per-request nonce), and building helmet's middleware anew for each request, as its Fastify plugin
 * does, took about a tenth of the server's CPU on cached public answers (docs/BENCHMARKS.md).
 */
function headersOf(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a JSON answer carries instead of a page's headers: it is data, never a document that loads
 * anything, frames anything or is framed, so its policy allows nothing; nosniff keeps it from being read
 * as a script or a page, and the resource policy keeps other origins from embedding it. A tenth of the
 * page's header bytes, which a busy API writes on every answer (docs/BENCHMARKS.md).
 */
export function apiHeadersOf(documentHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = documentHeaders['strict-transport-security'];
  if (hsts !== undefined) headers['strict-transport-security'] = hsts;
  return headers;
}

/**
 * What a public answer given to a visitor carries (the catalogue, a course's detail, prices: data anyone
 * may read, `markPublicAnswer`): nosniff, and HSTS when https. Nothing in it is anyone's, so no resource
 * policy guards it, and as data it needs no content policy. Each header costs the busiest answers about
 * a twentieth of their rate (docs/BENCHMARKS.md).
 */
export function publicHeadersOf(apiHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  const hsts = apiHeaders['strict-transport-security'];
  if (hsts !== undefined) headers['strict-transport-security'] = hsts;
  return headers;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Answered with public data for a visitor (lib/response-cache.ts): `publicHeadersOf`. */
    publicAnswer: boolean;
  }
}

/** Says that this request, a visitor's, is answered with public data. */
export const markPublicAnswer = (request: FastifyRequest) => {
  if (request.headers.authorization === undefined) request.publicAnswer = true;
};

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/**
 * Security headers on every answer (helmet's, written once): the CSP above, HSTS when the public URL is
 * https, nosniff, a same-origin referrer and frame policy. PayPal's checkout is a pop-up that talks back
 * to this page, so the opener policy allows pop-ups. A JSON answer carries the API's short set instead
 * (`apiHeadersOf`), a visitor's public answer a shorter one still (`publicHeadersOf`). Answers to a
 * signed-in request are never stored by a browser or a proxy (Cache-Control: no-store). Answers the sets,
 * for what answers outside Fastify (lib/public-shortcut.ts).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  storage: FileStorage,
): Promise<{
  document: Readonly<Record<string, string>>;
  api: Readonly<Record<string, string>>;
  public: Readonly<Record<string, string>>;
}> {
  const mediaOrigin = await mediaOriginOf(storage);
  const https = config.publicUrl.startsWith('https:');
  const document = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({ paypal: config.paypal !== undefined, mediaOrigin }),
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Covers and photos are read by this app's pages only; lesson media by its players.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'sameorigin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    originAgentCluster: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xXssProtection: false,
  });
  const api = apiHeadersOf(document);
  const publicSet = publicHeadersOf(api);
  const documentOnly = Object.keys(document).filter((name) => !(name in api));
  const notPublic = Object.keys(document).filter((name) => !(name in publicSet));
  app.decorateRequest('publicAnswer', false);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(document);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.publicAnswer) {
      for (const name of notPublic) reply.removeHeader(name);
    } else if (isJson(reply.getHeader('content-type'))) {
      for (const name of documentOnly) reply.removeHeader(name);
      reply.headers(api);
    }
    if (request.headers.authorization !== undefined) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  return { document, api, public: publicSet };
}
