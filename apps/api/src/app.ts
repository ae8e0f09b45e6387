import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { BackgroundWork } from './lib/background';
import { limitPasswordHashQueue } from './lib/crypto';
import { type AppKeys, deriveAppKeys } from './lib/keys';
import { logSerializers } from './lib/log-redaction';
import type { Mailer } from './lib/mail';
import type { PaymentProvider } from './lib/payments/provider';
import { PublicShortcut } from './lib/public-shortcut';
import { RateLimiter } from './lib/rate-limit';
import { registerQueryContext } from './lib/request-context';
import { ResponseCache } from './lib/response-cache';
import { installRouteSchemas } from './lib/route-schema';
import type { FileStorage } from './lib/storage';
import type { BillingService } from './modules/billing/billing.service';
import type { BroadcastService } from './modules/broadcasts/broadcasts.service';
import type { IntegrationService } from './modules/integrations/integrations.service';
import type { NotificationService } from './modules/notifications/notifications.service';
import type { PaymentService } from './modules/payments/payments.service';
import { registerPublicPageRoutes } from './modules/public-pages/public-pages.routes';
import { PublicPagesService } from './modules/public-pages/public-pages.service';
import type { ResumableFiles } from './modules/uploads/resumable-store';
import type { VideoPipeline } from './modules/video/video-pipeline';
import { collectApiRoutes, registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerRequestLimits, serverTimeouts, watchBody } from './plugins/request-limits';
import { registerRequestLogging } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { registerApiRoutes } from './routes';

export type AppDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** A key per purpose, derived from the root secret (lib/keys.ts). */
  keys: AppKeys;
  /**
   * The root secret itself, used directly only to accept unsubscribe links mailed before keys were
   * derived per purpose.
   */
  secret: string;
  limiter: RateLimiter;
  storage: FileStorage;
  /** Public answers kept for PUBLIC_CACHE_SECONDS (lib/response-cache.ts). */
  publicCache: ResponseCache;
  /** A payment provider to use instead of the configured one (tests). */
  provider?: PaymentProvider | undefined;
};

export type BuildOptions = {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** The root secret (APP_SECRET or DATA_DIR's): every key is derived from it. */
  secret: string;
  storage: FileStorage;
  provider?: PaymentProvider;
  /** The built web app to serve beside the API; none in API tests. */
  webDir?: string;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Checks every JSON answer against its route's response schema, failing loudly (tests only). */
  checkResponses?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment service, for the reconciler the server runs every minute. */
    payments: PaymentService;
    /** The renewal engine, for the round the server runs every minute. */
    billing: BillingService;
    /** Notifications, for the round that tells students of sections that opened (every minute). */
    notifications: NotificationService;
    /** Webhooks, for the worker that posts the deliveries due (every few seconds). */
    integrations: IntegrationService;
    /** Schools' e-mails to their students, for the round that sends the scheduled ones (every minute). */
    broadcasts: BroadcastService;
    /** Video lessons' streaming copies: the server starts its worker (docs/decisions/041). */
    video: VideoPipeline;
    /** The server's periodic work on the database, stopped (its rounds finished) when the app closes. */
    background: BackgroundWork;
    /** Resumable uploads in progress, for the sweeper; undefined when the storage has none. */
    resumableUploads: ResumableFiles | undefined;
  }
}

/** Builds the Fastify app without listening, so tests can `inject` (STYLE "Layout"). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const { trustProxy } = config;
  const publicCache = new ResponseCache(config.publicCacheSeconds * 1000);
  // Set once the app is built: a visitor's GET of a public answer is answered before routing.
  let shortcut: PublicShortcut | undefined;
  const app = Fastify({
    serverFactory: (handler) => {
      const timeouts = config.requestTimeouts;
      const server = createServer(
        serverTimeouts(timeouts),
        (request: IncomingMessage, response: ServerResponse) => {
          watchBody(request, timeouts);
          if (shortcut) shortcut.handle(request, response, handler);
          else handler(request, response);
        },
      );
      // Fastify's defaults, which it sets on the server it makes itself; no idle timeout for a whole
      // connection, which would cut a video paused in a player (bodies and headers are bounded above).
      server.keepAliveTimeout = 72_000;
      server.setTimeout(0);
      return server;
    },
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // plugins/request-log.ts logs errors and slow requests whatever this says.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to us.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });

  // The descriptors the storage keeps for the next request are the app's to let go of when it stops.
  app.addHook('onClose', async () => options.storage.close?.());

  const deps: AppDeps = {
    config,
    db: options.db,
    mailer: options.mailer,
    keys: deriveAppKeys(options.secret),
    secret: options.secret,
    limiter: new RateLimiter(options.db, config.rateLimit),
    storage: options.storage,
    provider: options.provider,
    publicCache,
  };

  app.decorateRequest('actor', null);
  registerErrorHandling(app);
  registerRequestLimits(app);
  registerRequestLogging(app, config);
  registerQueryContext(app);
  limitPasswordHashQueue(config.passwordHashQueuePerSlot);

  const securityHeaders = await registerSecurityHeaders(app, config, options.storage);
  const compressedCopies = registerCompression(app);

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

  // Routes declare their zod schemas: input is validated with them, the API is described from them.
  installRouteSchemas(app, { checkResponses: options.checkResponses === true });
  collectApiRoutes(app);

  let services: Awaited<ReturnType<typeof registerApiRoutes>> | undefined;
  await app.register(
    async (api) => {
      services = await registerApiRoutes(api, deps);
    },
    { prefix: '/api' },
  );
  if (!services) throw new Error('the API routes were not registered');
  app.decorate('payments', services.payments);
  app.decorate('billing', services.billing);
  app.decorate('notifications', services.notifications);
  app.decorate('integrations', services.integrations);
  app.decorate('broadcasts', services.broadcasts);
  app.decorate('video', services.video);
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);
  // After the last request has been answered, and before whoever built the app closes its database.
  app.addHook('onClose', async () => background.stop());
  app.decorate('resumableUploads', services.resumableUploads);
  registerApiDocs(app);
  const site = new PublicPagesService({
    publicUrl: config.publicUrl,
    courses: services.courses,
    cache: publicCache,
    schools: services.schoolSites,
  });
  registerPublicPageRoutes(app, site);
  await registerWebApp(app, options.webDir, site, config.publicUrl);
  // Every request reaches Fastify's log when each is to be logged (LOG_REQUESTS).
  if (!config.logRequests)
    shortcut = new PublicShortcut(publicCache, compressedCopies, securityHeaders.public);
  // A closing server answers new requests 503 through Fastify, these included.
  app.addHook('preClose', (done) => {
    shortcut = undefined;
    done();
  });
  return app;
}
