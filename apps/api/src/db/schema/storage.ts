import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Room held for uploads still arriving (decision 010): a resumable upload holds its whole declared length
 * from its creation, a multipart upload what it has streamed plus a step ahead. Each row is taken or grown
 * under the organisation's lock with the check that stored files and live holds stay within the
 * allowance, and goes when its upload becomes a stored file (in the transaction that records it), fails
 * or is cancelled. A row past `expires_at` holds nothing: the upload it served was abandoned, or its
 * process died; its upload renews it while it is alive.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    /** The resumable upload's id (its file key), or a random id for one multipart request. */
    id: text('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** A resumable (tus) upload: these are the organisation's open uploads, and they are bounded. */
    resumable: boolean('resumable').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // An organisation's live holds (their sum, its open resumable uploads) are read from this index.
  (t) => [index('upload_reservations_org_expires_idx').on(t.orgId, t.expiresAt)],
);
