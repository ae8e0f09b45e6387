import {
  CUSTOM_DOMAIN_PLAN,
  DEFAULT_SCHOOL_COLOR,
  isDomainName,
  SCHOOL_SITE_MSG,
  SCHOOL_SITE_PREFIX,
  type SchoolSite,
  type SchoolSiteSettings,
  slugOfName,
  type UpdateSchoolSite,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { publicFileUrl } from '../../lib/file-urls';
import type { ResponseCache } from '../../lib/response-cache';
import type { ReceivedFile } from '../../lib/upload';
import type { Actor } from '../../plugins/auth';
import { siteOrgOf } from '../access/access';
import { isOnPlan, requirePlan } from '../organisations/plan-limits';
import {
  findOrganisationName,
  findSiteByDomain,
  findSiteBySlug,
  findSiteOfOrg,
  insertSite,
  listSiteAddresses,
  replaceLogo,
  type SiteRow,
  setSchoolLanguage,
  takenSlugsLike,
  updateSite,
} from './school-sites.repository';

/** Tries at making a site's default address when schools race for the same one. */
const SLUG_TRIES = 5;

const toSite = (row: SiteRow): SchoolSite => ({
  org_id: row.orgId,
  slug: row.slug,
  name: row.displayName || row.schoolName,
  logo: publicFileUrl(row.logoKey),
  primary_color: row.primaryColor,
  headline: row.headline,
  about: row.about,
  language: row.language,
});

/** A host as a request names it, lower-case, without its port or a final dot. */
export const hostOf = (host: string | undefined): string | undefined => {
  if (!host) return undefined;
  const bare = host.startsWith('[') ? host : (host.split(':')[0] ?? '');
  return bare.toLowerCase().replace(/\.$/, '') || undefined;
};

/**
 * Each school's public site and brand (docs/decisions/040): its settings for its staff, its public site
 * for anyone, and the domains schools claim, answered only while their plan has custom domains.
 */
export class SchoolSiteService {
  private readonly installationHost: string | undefined;

  constructor(private readonly deps: { db: Db; publicUrl: string; cache: ResponseCache }) {
    this.installationHost = hostOf(new URL(deps.publicUrl).host);
  }

  /**
   * The school's site, made with an address of its name when it has none yet (the school's staff opening
   * its settings for the first time): `name`, or `name-2`, `name-3`... when another school has it.
   */
  private async siteOf(orgId: number): Promise<SiteRow> {
    const { db } = this.deps;
    for (let attempt = 0; attempt < SLUG_TRIES; attempt += 1) {
      const existing = await findSiteOfOrg(db, orgId);
      if (existing) return existing;
      const name = await findOrganisationName(db, orgId);
      if (name === undefined) throw notFound('Organisation');
      const base = slugOfName(name);
      const taken = await takenSlugsLike(db, base);
      let slug = base;
      for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
      // Another school may take the same address meanwhile: then the next try finds the next one free.
      await insertSite(db, orgId, slug, DEFAULT_SCHOOL_COLOR);
    }
    const made = await findSiteOfOrg(db, orgId);
    if (!made) throw new Error(`no site could be made for organisation ${orgId}`);
    return made;
  }

  private async settingsOf(row: SiteRow): Promise<SchoolSiteSettings> {
    return {
      ...toSite(row),
      display_name: row.displayName,
      school_name: row.schoolName,
      custom_domain: row.customDomain,
      custom_domain_allowed: await isOnPlan(this.deps.db, row.orgId, CUSTOM_DOMAIN_PLAN),
      url: `${this.deps.publicUrl}${SCHOOL_SITE_PREFIX}/${row.slug}`,
    };
  }

  async settings(actor: Actor): Promise<SchoolSiteSettings> {
    return this.settingsOf(await this.siteOf(siteOrgOf(actor)));
  }

  async update(actor: Actor, input: UpdateSchoolSite): Promise<SchoolSiteSettings> {
    const orgId = siteOrgOf(actor);
    await this.siteOf(orgId);
    try {
      await this.deps.db.transaction(async (tx) => {
        await updateSite(tx, orgId, {
          ...(input.slug === undefined ? {} : { slug: input.slug }),
          ...(input.display_name === undefined ? {} : { displayName: input.display_name }),
          ...(input.primary_color === undefined ? {} : { primaryColor: input.primary_color }),
          ...(input.headline === undefined ? {} : { headline: input.headline }),
          ...(input.about === undefined ? {} : { about: input.about }),
        });
        if (input.language !== undefined) await setSchoolLanguage(tx, orgId, input.language);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', `slug: ${SCHOOL_SITE_MSG.slugTaken}`, [
          { field: 'slug', message: SCHOOL_SITE_MSG.slugTaken },
        ]);
      }
      throw error;
    }
    return this.settings(actor);
  }

  /** Claims a domain (Growth only, refused with a 403 naming the plan) or gives it up (any plan). */
  async setDomain(actor: Actor, domain: string | null): Promise<SchoolSiteSettings> {
    const orgId = siteOrgOf(actor);
    if (domain !== null) {
      await requirePlan(this.deps.db, orgId, CUSTOM_DOMAIN_PLAN, SCHOOL_SITE_MSG.needsPlan);
      if (domain === this.installationHost) throw fieldError('domain', SCHOOL_SITE_MSG.domainIsInstallation);
    }
    await this.siteOf(orgId);
    try {
      await updateSite(this.deps.db, orgId, { customDomain: domain });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', `domain: ${SCHOOL_SITE_MSG.domainTaken}`, [
          { field: 'domain', message: SCHOOL_SITE_MSG.domainTaken },
        ]);
      }
      throw error;
    }
    return this.settings(actor);
  }

  /** The logo is already stored and counted; the caller discards it if this fails. */
  async setLogo(actor: Actor, logo: ReceivedFile | null): Promise<SchoolSiteSettings> {
    const orgId = siteOrgOf(actor);
    await this.siteOf(orgId);
    await replaceLogo(this.deps.db, orgId, logo?.key ?? null);
    return this.settings(actor);
  }

  /** A school's public site by its address; 404 for none (or a school no longer active). */
  async publicSite(slug: string): Promise<SchoolSite> {
    const row = await findSiteBySlug(this.deps.db, slug);
    if (!row) throw notFound('School site');
    return toSite(row);
  }

  /** The school whose published courses a catalogue of `slug` lists: none for an unknown address. */
  async orgOfSlug(slug: string): Promise<number | undefined> {
    return (await findSiteBySlug(this.deps.db, slug))?.orgId;
  }

  /**
   * The school a request's host is the domain of, while its plan has custom domains; undefined for the
   * installation's own host and any other. Kept in the public cache (PUBLIC_CACHE_SECONDS, cleared by a
   * change through this instance): a plan that ends stops the answers within that time.
   */
  async siteForHost(rawHost: string | undefined): Promise<SchoolSite | undefined> {
    const host = hostOf(rawHost);
    // Only a name a school could claim is looked up: other Host values keep nothing in the cache.
    if (host === undefined || host === this.installationHost || !isDomainName(host)) return undefined;
    const entry = await this.deps.cache.get(
      `school-host:${host}`,
      async () => (await this.claimed(host)) ?? null,
    );
    return (JSON.parse(entry.body.toString('utf8')) as SchoolSite | null) ?? undefined;
  }

  private async claimed(domain: string): Promise<SchoolSite | undefined> {
    const { db } = this.deps;
    const row = await findSiteByDomain(db, domain);
    if (!row || !(await isOnPlan(db, row.orgId, CUSTOM_DOMAIN_PLAN))) return undefined;
    return toSite(row);
  }

  /**
   * Whether a reverse proxy may get a certificate for `domain` (Caddy's on-demand TLS `ask`): the
   * installation's own host, or a domain a school claims while its plan has custom domains. Read afresh.
   */
  async mayServeDomain(domain: string): Promise<boolean> {
    const host = hostOf(domain);
    if (host === undefined) return false;
    return host === this.installationHost || (await this.claimed(host)) !== undefined;
  }

  /** Active schools' addresses for the sitemap. */
  siteAddresses(limit: number) {
    return listSiteAddresses(this.deps.db, limit);
  }
}
