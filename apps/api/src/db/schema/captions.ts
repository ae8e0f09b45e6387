import { bigint, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { lessonIdColumn } from './catalogue';
import { createdAt } from './common';

/**
 * A video lesson's captions, one WebVTT file per language (docs/decisions/042): an SRT upload is stored
 * converted. The file counts against the school's storage (stored_files) like any upload, is served under
 * the lesson's own access rules, and goes with its row: replaced, removed, or deleted with the lesson
 * (triggers queue the file for deletion, migration 0039).
 */
export const lessonCaptions = pgTable(
  'lesson_captions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: lessonIdColumn(),
    /** A canonical BCP 47 tag: `en`, `pt-BR`. */
    language: text('language').notNull(),
    /** What the player's track menu shows. */
    label: text('label').notNull(),
    /** A generated storage key (`newFileKey('vtt')`); a replaced file gets a new one. Unique: indexed. */
    fileKey: text('file_key').notNull().unique(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A lesson's captions, by language, for one lesson or for every lesson of an answer at once.
    uniqueIndex('lesson_captions_lesson_language_idx').on(t.lessonId, t.language),
  ],
);
