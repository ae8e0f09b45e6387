import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lessonIdColumn } from './catalogue';
import { createdAt, updatedAt } from './common';

/**
 * The work a video lesson's file needs once stored (docs/decisions/041): its index moved to the front,
 * a poster frame, the adaptive ladder. One job per stored file (`source_key`): the lessons table's
 * triggers queue it in the transaction that names the file (any upload path), and cancel it when the file
 * is replaced or the lesson deleted. Every instance's worker claims queued jobs with `for update skip
 * locked`; a running job whose heartbeat stopped (its instance died) is claimed again.
 *
 * `state`: queued, running, done, failed, cancelled. `renditions`: whether a done job made the ladder
 * (false when the server had none to make them with: the job is queued again when it has).
 */
export const videoJobs = pgTable(
  'video_jobs',
  {
    id: serial('id').primaryKey(),
    lessonId: lessonIdColumn(),
    sourceKey: text('source_key').notNull(),
    state: text('state').notNull().default('queued'),
    /** 0-100 while running. */
    progress: doublePrecision('progress').notNull().default(0),
    error: text('error'),
    renditions: boolean('renditions').notNull().default(false),
    /** Times claimed: a job that keeps killing its instance stops being tried. */
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('video_jobs_lesson_idx').on(t.lessonId, t.sourceKey),
    index('video_jobs_open_idx').on(t.id).where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/**
 * What a job made from a lesson's file: each rendition of the ladder (one fragmented MP4 with its HLS
 * playlist, whose segment lines name it by byte ranges) and each width of the poster frame. Rows of a
 * replaced file are deleted by the lessons table's trigger; a deleted row queues its file for deletion.
 */
export const videoAssets = pgTable(
  'video_assets',
  {
    fileKey: text('file_key').primaryKey(),
    lessonId: lessonIdColumn(),
    sourceKey: text('source_key').notNull(),
    /** rendition or poster */
    kind: text('kind').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** A rendition's peak and average bits per second, its codecs, and its media playlist. */
    bandwidth: integer('bandwidth'),
    averageBandwidth: integer('average_bandwidth'),
    codecs: text('codecs'),
    frameRate: doublePrecision('frame_rate'),
    playlist: text('playlist'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('video_assets_lesson_idx').on(t.lessonId, t.sourceKey),
    uniqueIndex('video_assets_kind_size_idx').on(t.lessonId, t.sourceKey, t.kind, t.width, t.height),
  ],
);
