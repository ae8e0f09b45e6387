import type { Locale } from '@skillwise/contracts';
import { asc, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, pendingFileDeletions, schoolSites, storedFiles } from '../../db/schema';

/** A school's site row with its school's own name. */
const siteColumns = {
  orgId: schoolSites.orgId,
  slug: schoolSites.slug,
  displayName: schoolSites.displayName,
  logoKey: schoolSites.logoKey,
  primaryColor: schoolSites.primaryColor,
  headline: schoolSites.headline,
  about: schoolSites.about,
  customDomain: schoolSites.customDomain,
  updatedAt: schoolSites.updatedAt,
  schoolName: organisations.name,
  language: organisations.language,
};

export type SiteRow = {
  orgId: number;
  slug: string;
  displayName: string;
  logoKey: string | null;
  primaryColor: string;
  headline: string;
  about: string;
  customDomain: string | null;
  updatedAt: Date;
  schoolName: string;
  /** The school's default language: the organisation's (docs/decisions/044). */
  language: Locale;
};

const selectSites = (db: Db) =>
  db.select(siteColumns).from(schoolSites).innerJoin(organisations, eq(organisations.id, schoolSites.orgId));

export async function findSiteOfOrg(db: Db, orgId: number): Promise<SiteRow | undefined> {
  const [row] = await selectSites(db).where(eq(schoolSites.orgId, orgId)).limit(1);
  return row;
}

/** An active school's site by its address. */
export async function findSiteBySlug(db: Db, slug: string): Promise<SiteRow | undefined> {
  const [row] = await selectSites(db)
    .where(sql`${schoolSites.slug} = ${slug} and ${organisations.isActive}`)
    .limit(1);
  return row;
}

/** An active school's site by the domain it claims (school_sites_custom_domain_idx). */
export async function findSiteByDomain(db: Db, domain: string): Promise<SiteRow | undefined> {
  const [row] = await selectSites(db)
    .where(sql`${schoolSites.customDomain} = ${domain} and ${organisations.isActive}`)
    .limit(1);
  return row;
}

export async function findOrganisationName(db: Db, orgId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .limit(1);
  return row?.name;
}

/** The slugs taken that are `base` or `base-…`: the candidates a new site's default must avoid. */
export async function takenSlugsLike(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: schoolSites.slug })
    .from(schoolSites)
    .where(or(eq(schoolSites.slug, base), like(schoolSites.slug, `${base}-%`)));
  return new Set(rows.map((row) => row.slug));
}

/** Makes a school's site unless it has one, or another school has the slug: true when made. */
export async function insertSite(
  db: Db,
  orgId: number,
  slug: string,
  primaryColor: string,
): Promise<boolean> {
  const rows = await db
    .insert(schoolSites)
    .values({ orgId, slug, primaryColor })
    .onConflictDoNothing()
    .returning({ orgId: schoolSites.orgId });
  return rows.length > 0;
}

export async function updateSite(
  db: Db,
  orgId: number,
  values: Partial<Omit<typeof schoolSites.$inferInsert, 'orgId' | 'createdAt'>>,
): Promise<void> {
  await db
    .update(schoolSites)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(schoolSites.orgId, orgId));
}

/** The school's default language, kept on the organisation (its e-mails' too). */
export async function setSchoolLanguage(db: Db, orgId: number, language: Locale): Promise<void> {
  await db.update(organisations).set({ language, updatedAt: new Date() }).where(eq(organisations.id, orgId));
}

/**
 * Sets the site's logo (a stored file's key, or null) in one transaction, queueing the logo it replaces
 * for deletion as the triggers of migration 0014 do for covers and photos: the old key waits out its
 * grace period in pending_file_deletions and stops counting against the school's storage. A rolled-back
 * change queues nothing.
 */
export async function replaceLogo(db: Db, orgId: number, key: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ key: schoolSites.logoKey })
      .from(schoolSites)
      .where(eq(schoolSites.orgId, orgId))
      .for('update');
    await updateSite(tx, orgId, { logoKey: key });
    const gone = old?.key;
    if (!gone || gone === key) return;
    await tx
      .insert(pendingFileDeletions)
      .values({ fileKey: gone })
      .onConflictDoUpdate({ target: pendingFileDeletions.fileKey, set: { queuedAt: new Date() } });
    await tx.delete(storedFiles).where(eq(storedFiles.fileKey, gone));
  });
}

/** Active schools' sites for the sitemap, at most `limit`, in slug order. */
export async function listSiteAddresses(db: Db, limit: number) {
  return db
    .select({ slug: schoolSites.slug, updatedAt: schoolSites.updatedAt })
    .from(schoolSites)
    .innerJoin(organisations, eq(organisations.id, schoolSites.orgId))
    .where(eq(organisations.isActive, true))
    .orderBy(asc(schoolSites.slug))
    .limit(limit);
}
