import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { organisations } from './accounts';
import { createdAt } from './common';

/**
 * Every stored file an organisation's uploads made (lesson files, course images, author photos), with its
 * size: the organisation's storage usage is the sum of its rows (modules/organisations/storage-quota.ts).
 * A row is written, under the organisation's lock, by the transaction that accepts the file against the
 * plan's allowance, and goes with the file (deleted, replaced, discarded or swept as an orphan).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    fileKey: text('file_key').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  // The sum of one organisation's sizes reads this index only.
  (t) => [index('stored_files_org_size_idx').on(t.orgId, t.sizeBytes)],
);
