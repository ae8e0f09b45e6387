import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from '../../lib/response-cache';
import type { Document } from './public-pages';
import type { PublicPagesService } from './public-pages.service';

/**
 * How long a robot or a proxy may keep robots.txt and the sitemap: briefly, so a course published shows
 * in the next crawl's sitemap; the server makes the sitemap at most once per PUBLIC_CACHE_SECONDS.
 */
const MACHINE_CACHE_SECONDS = 300;

/** Sends a document made once: its type and validator, a 304 for a matching If-None-Match. */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: Document,
  cacheControl: string,
) {
  void reply.type(document.type).header('etag', document.etag).header('cache-control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], document.etag)) return reply.status(304).send();
  return reply.send(document.body);
}

/** robots.txt and the sitemap at the site's root, where robots look for them (not under /api). */
export function registerPublicPageRoutes(app: FastifyInstance, site: PublicPagesService) {
  const cacheControl = `public, max-age=${MACHINE_CACHE_SECONDS}`;
  app.get('/robots.txt', (request, reply) => sendDocument(request, reply, site.robots, cacheControl));
  app.get('/sitemap.xml', async (request, reply) =>
    sendDocument(request, reply, await site.sitemap(), cacheControl),
  );
}
