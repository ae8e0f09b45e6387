import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { createdAt, updatedAt } from './common';

/**
 * A school's public site and brand (docs/decisions/040): one row per school, made with a slug of its
 * name when its staff first open the site's settings. `slug` is its address `/s/{slug}`; `custom_domain`
 * a host of its own (answered only while its plan has custom domains). The logo is a stored image like a
 * course's cover: its key here, its size counted in stored_files.
 */
export const schoolSites = pgTable(
  'school_sites',
  {
    orgId: integer('org_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /** The name the site shows; '' for the school's own. */
    displayName: text('display_name').notNull().default(''),
    logoKey: text('logo_key'),
    primaryColor: text('primary_color').notNull(),
    headline: text('headline').notNull().default(''),
    about: text('about').notNull().default(''),
    /** Lower-case, without a final dot. */
    customDomain: text('custom_domain'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('school_sites_slug_idx').on(t.slug),
    uniqueIndex('school_sites_custom_domain_idx').on(t.customDomain),
  ],
);
