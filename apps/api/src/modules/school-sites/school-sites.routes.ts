import {
  checkDomainQuerySchema,
  checkDomainResponseSchema,
  SCHOOL_SLUG_MAX,
  SCHOOL_SLUG_MIN,
  schoolSiteSchema,
  schoolSiteSettingsSchema,
  schoolSlugParamSchema,
  setSchoolDomainSchema,
  updateSchoolSiteSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import type { ResponseCache } from '../../lib/response-cache';
import { multipart, noBody, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import { receiveUpload } from '../../lib/upload';
import { type Auth, actorOf } from '../../plugins/auth';
import { siteOrgOf } from '../access/access';
import { imageRule } from '../authors/authors.routes';
import type { SchoolSiteService } from './school-sites.service';

/** A school's public site and brand, and the question a reverse proxy asks of a domain (docs/decisions/040). */
export function registerSchoolSiteRoutes(
  server: FastifyInstance,
  sites: SchoolSiteService,
  auth: Auth,
  files: { storage: FileStorage; maxImageBytes: number },
  cache: ResponseCache,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['School sites'];
  const staff = 'The school’s staff (its publisher); anyone else: 403.';
  // The site, its catalogue and the domains answered are public answers: a change starts them afresh.
  const write = { preHandler: auth(), config: { invalidates: 'public' as const } };

  app.get(
    '/schoolSite/GetSettings',
    {
      preHandler: auth(),
      schema: {
        tags,
        summary: 'The school’s site settings; its site is made, at an address of its name, on the first call',
        description: staff,
        response: { 200: schoolSiteSettingsSchema },
      },
    },
    async (request) => sites.settings(actorOf(request)),
  );

  app.post(
    '/schoolSite/UpdateSettings',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Changes the site’s address, name, colour, headline, about text or language (what is sent changes)',
        description: `${staff} \`language\`: the school’s default language, en, es or ar (its pages name it for the web app when not English). \`slug\`: ${SCHOOL_SLUG_MIN}–${SCHOOL_SLUG_MAX} lower-case letters, digits and hyphens, not a reserved word; taken by another school: 409. \`primary_color\`: #rrggbb with a contrast of at least 4.5:1 for white text on it, else 400 saying its contrast.`,
        body: updateSchoolSiteSchema,
        response: { 200: schoolSiteSettingsSchema },
      },
    },
    async (request) => sites.update(actorOf(request), request.body),
  );

  app.post(
    '/schoolSite/SetCustomDomain',
    {
      ...write,
      schema: {
        tags,
        summary: 'Claims a domain of the school’s own for its site, or gives it up (`domain: null`)',
        description: `${staff} Claiming one needs the Growth plan (403 naming it otherwise); one claimed by another school: 409. Its DNS points at this installation; the site answers on it while the plan lasts.`,
        body: setSchoolDomainSchema,
        response: { 200: schoolSiteSettingsSchema },
      },
    },
    async (request) => sites.setDomain(actorOf(request), request.body.domain),
  );

  app.post(
    '/schoolSite/UploadLogo',
    {
      ...write,
      schema: {
        tags,
        summary: 'Sets the site’s logo (multipart): streamed, checked to be an image, counted in storage',
        description: `${staff} The logo it replaces is deleted after the grace period.`,
        body: multipart(z.object({}), {
          name: 'fileName',
          required: true,
          description: 'The logo: a JPEG, PNG, GIF or WebP picture.',
        }),
        response: { 200: schoolSiteSettingsSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Refused before a byte is stored.
      siteOrgOf(actor);
      const upload = await receiveUpload(request, reply, files.storage, imageRule(files.maxImageBytes));
      try {
        if (!upload.file) {
          throw new AppError('VALIDATION', 'fileName: a logo image is required', [
            { field: 'fileName', message: 'is required' },
          ]);
        }
        return await sites.setLogo(actor, upload.file);
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
  );

  app.post(
    '/schoolSite/RemoveLogo',
    {
      ...write,
      schema: {
        tags,
        summary: 'Removes the site’s logo',
        description: staff,
        body: noBody(),
        response: { 200: schoolSiteSettingsSchema },
      },
    },
    async (request) => sites.setLogo(actorOf(request), null),
  );

  app.get(
    '/schoolSite/GetSite/:slug',
    {
      schema: {
        tags,
        summary: 'A school’s public site: its name, logo, colour, headline and about text',
        description:
          'No token. Its courses: courses/GetAllCoursesDetail?school={slug}. An unknown address: 404.',
        params: schoolSlugParamSchema,
        response: { 200: schoolSiteSchema },
      },
    },
    async (request, reply) => {
      const slug = request.params.slug.toLowerCase();
      return cache.send(request, reply, `school-site:${slug}`, () => sites.publicSite(slug));
    },
  );

  app.get(
    '/schoolSite/CheckDomain',
    {
      schema: {
        tags,
        summary:
          'Whether this installation answers for a domain: a reverse proxy’s question before a certificate',
        description:
          'No token. 200 for the installation’s own host (PUBLIC_URL) and for a domain a school claims while its plan has custom domains; 404 otherwise. Caddy: `on_demand_tls { ask http://app:3000/api/schoolSite/CheckDomain }` (README).',
        querystring: checkDomainQuerySchema,
        response: { 200: checkDomainResponseSchema },
      },
    },
    async (request) => {
      const { domain } = request.query;
      if (!(await sites.mayServeDomain(domain))) throw notFound('Domain');
      return { domain };
    },
  );
}
