import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';

/**
 * What the installation's operator says on its landing page in other people's words: none by default,
 * written with `npm run testimonials` (README). The landing page shows the first TESTIMONIALS_SHOWN
 * in the order they were added.
 */
export const siteTestimonials = pgTable('site_testimonials', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  quote: text('quote').notNull(),
  name: text('name').notNull(),
  /** Who the person is ("Student, Data course"); null when the operator gave none. */
  role: text('role'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
