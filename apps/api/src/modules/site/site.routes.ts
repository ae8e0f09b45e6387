import { landingContentSchema } from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from '../../lib/response-cache';
import type { ZodTypeProvider } from '../../lib/route-schema';
import type { SiteService } from './site.service';

/**
 * The landing page's figures and testimonials (README "Additions"). Public and the same for every caller,
 * so it is answered from the public cache like the catalogue: a course published or unpublished through
 * this instance shows at once, an enrolment, a certificate or a testimonial written with the command
 * within PUBLIC_CACHE_SECONDS.
 */
export function registerSiteRoutes(server: FastifyInstance, site: SiteService, cache: ResponseCache) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const landing = {
    tags: ['Site'],
    summary:
      'The installation’s real figures (published courses, students, certificates, schools) and the testimonials its operator wrote',
    response: { 200: landingContentSchema },
  };
  app.get('/site/GetLandingContent', { schema: landing }, async (request, reply) =>
    cache.send(request, reply, 'landing', () => site.landingContent()),
  );
}
