import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orgIdColumn } from './accounts';
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
    orgId: orgIdColumn(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  // The sum of one organisation's sizes reads this index only.
  (t) => [index('stored_files_org_size_idx').on(t.orgId, t.sizeBytes)],
);

/**
 * Stored files that a committed change stopped naming (a lesson's file, a course's cover or an author's
 * photo replaced, or its row deleted), written by triggers in that change's own transaction (migration
 * 0011), so a rolled-back change queues nothing. The file sweeper deletes each file once
 * FILE_DELETE_GRACE_HOURS have passed and only if no row names it again: a backup whose snapshot still
 * names the file finds it to copy (docs/decisions/011-deletes-after-commit.md).
 */
export const pendingFileDeletions = pgTable(
  'pending_file_deletions',
  {
    fileKey: text('file_key').primaryKey(),
    /** When the change that stopped naming the file ran; queued again, the wait starts again. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The sweeper takes the files whose wait is over, oldest first.
  (t) => [index('pending_file_deletions_queued_at_idx').on(t.queuedAt)],
);

/**
 * Room held for uploads still arriving (decision 014): a resumable upload holds its whole declared length
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
    orgId: orgIdColumn(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** A resumable (tus) upload: these are the organisation's open uploads, and they are bounded. */
    resumable: boolean('resumable').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // An organisation's live holds (their sum, its open resumable uploads) are read from this index.
  (t) => [index('upload_reservations_org_expires_idx').on(t.orgId, t.expiresAt)],
);
