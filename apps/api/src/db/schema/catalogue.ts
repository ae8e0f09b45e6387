import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orgIdColumn, users } from './accounts';
import { createdAt, updatedAt } from './common';

/** Price types (SPEC §3): shared by every organisation. */
export const priceTypes = pgTable('price_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Free courses enrol without payment. */
  isFree: boolean('is_free').notNull().default(false),
});

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('categories_org_id_idx').on(t.orgId),
    // The catalogue's category filter takes every organisation's category of one name, in any case.
    index('categories_lower_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** Authors are records shown on courses; they do not sign in (DESIGN data model). */
export const authors = pgTable(
  'authors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender', { enum: ['F', 'M'] }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    bio: text('bio').notNull().default(''),
    photoKey: text('photo_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('authors_org_id_idx').on(t.orgId),
    index('authors_photo_key_idx').on(t.photoKey),
    check('authors_gender', sql`${t.gender} in ('F', 'M')`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageKey: text('image_key'),
    /** Money in integer cents (DESIGN data model). */
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    priceTypeId: integer('price_type_id')
      .notNull()
      .references(() => priceTypes.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'restrict' }),
    certificate: boolean('certificate').notNull().default(false),
    published: boolean('published').notNull().default(false),
    /** Each lesson opens once the one before it is completed (a quiz: passed); docs/decisions/032. */
    lessonsInOrder: boolean('lessons_in_order').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A publisher's courses and the catalogue are listed in id order, a page at a time: these give
    // either list's page straight from the index. Text search has no index (see db/paging.ts).
    index('courses_org_id_id_idx').on(t.orgId, t.id),
    index('courses_published_idx').on(t.published, t.id),
    // The catalogue's orders: the newest first and by price (an index is read either way).
    index('courses_published_created_idx').on(t.published, t.createdAt, t.id),
    index('courses_published_price_idx').on(t.published, t.priceCents, t.id),
    index('courses_category_id_idx').on(t.categoryId),
    index('courses_author_id_idx').on(t.authorId),
    index('courses_image_key_idx').on(t.imageKey),
    check('courses_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/** A row's course (`course_id`): the row is deleted with the course. */
export const courseIdColumn = () =>
  integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' });

export const sections = pgTable(
  'sections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: courseIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    orderNumber: integer('order_number').notNull().default(1),
    published: boolean('published').notNull().default(false),
    /**
     * When the section's lessons open to a student (docs/decisions/032): at once, on `release_at`, or
     * `release_days` days after the student's start (their enrolment, or the start the school gave them).
     */
    releaseMode: text('release_mode', { enum: ['immediately', 'on_date', 'after_days'] })
      .notNull()
      .default('immediately'),
    releaseAt: timestamp('release_at', { withTimezone: true }),
    releaseDays: integer('release_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sections_course_id_idx').on(t.courseId, t.orderNumber),
    check('sections_release_mode', sql`${t.releaseMode} in ('immediately', 'on_date', 'after_days')`),
    check('sections_release_days', sql`${t.releaseDays} is null or ${t.releaseDays} between 0 and 3650`),
    // The worker that tells students a section opened looks only at scheduled sections.
    index('sections_scheduled_idx').on(t.id).where(sql`${t.releaseMode} <> 'immediately'`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** pdf, video, audio, text; bulk upload stores the file's MIME type here (SPEC §3). */
    contentType: text('content_type').notNull(),
    fileKey: text('file_key'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Seconds of a video or audio file, read from its metadata when it is stored; null when unknown. */
    durationSeconds: doublePrecision('duration_seconds'),
    orderNumber: integer('order_number').notNull().default(1),
    published: boolean('published').notNull().default(false),
    preview: boolean('preview').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lessons_section_id_idx').on(t.sectionId, t.orderNumber),
    // The file sweeper asks which stored keys a row still names.
    index('lessons_file_key_idx').on(t.fileKey),
  ],
);

/** A row's lesson (`lesson_id`): the row is deleted with the lesson. */
export const lessonIdColumn = () =>
  integer('lesson_id')
    .notNull()
    .references(() => lessons.id, { onDelete: 'cascade' });
