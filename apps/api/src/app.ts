import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './lib/mail';
import type { PaymentProvider } from './lib/payments/provider';
import { RateLimiter } from './lib/rate-limit';
import type { FileStorage } from './lib/storage';
import type { PaymentService } from './modules/payments/payments.service';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerWebApp } from './plugins/web-app';
import { registerApiRoutes } from './routes';

export type AppDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Key for code hashes and signed URLs. */
  secret: string;
  limiter: RateLimiter;
  storage: FileStorage;
  /** A payment provider to use instead of the configured one (tests). */
  provider?: PaymentProvider | undefined;
};

export type BuildOptions = {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  storage: FileStorage;
  provider?: PaymentProvider;
  /** The built web app to serve beside the API; none in API tests. */
  webDir?: string;
  logger?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment service, for the reconciler the server runs every minute. */
    payments: PaymentService;
  }
}

/** Builds the Fastify app without listening, so tests can `inject` (STYLE "Layout"). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const { trustProxy } = config;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to us.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });

  const deps: AppDeps = {
    config,
    db: options.db,
    mailer: options.mailer,
    secret: options.secret,
    limiter: new RateLimiter(options.db, config.rateLimit),
    storage: options.storage,
    provider: options.provider,
  };

  app.decorateRequest('actor', null);
  registerErrorHandling(app);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    return payload;
  });
  registerCompression(app);

  // An empty body sent as JSON (a bodiless POST from a client that always sets the header) is no body:
  // calls that need one still answer 400 naming it; Logout and the like just work.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  // Uploads are streamed part by part (lib/upload.ts enforces each route's own size limit).
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.max(config.uploads.maxLessonBytes, config.uploads.maxImageBytes) + 1,
      files: 1,
      fields: 30,
      fieldSize: 64 * 1024,
      parts: 40,
      headerPairs: 100,
    },
  });

  let services: Awaited<ReturnType<typeof registerApiRoutes>> | undefined;
  await app.register(
    async (api) => {
      services = await registerApiRoutes(api, deps);
    },
    { prefix: '/api' },
  );
  if (!services) throw new Error('the API routes were not registered');
  app.decorate('payments', services.payments);
  await registerWebApp(app, options.webDir);
  return app;
}
