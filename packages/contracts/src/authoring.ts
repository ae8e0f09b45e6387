import { z } from 'zod';
import { emailSchema, expected, idSchema, optionalText, requiredText, wholeNumberSchema } from './common';
import { COUNTER_LONG, COUNTER_SHORT, TEXT_LESSON_MAX_BYTES, utf8Bytes } from './constants';
import { courseListItemSchema } from './courses';
import { pageQuerySchema } from './paging';
import {
  checkSectionRelease,
  lessonReleaseSchema,
  sectionReleaseFields,
  sectionReleaseSchema,
} from './release';
import { lessonVideoSchema } from './video';

/** A yes/no the way forms and JSON send it: true/false, 'true'/'false', 1/0, 'yes'/'no'. */
export const flagSchema = z
  .union(
    [
      z.boolean(),
      z.literal(0),
      z.literal(1),
      // Any case: query strings and forms send 'True' as readily as 'true'.
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'])),
    ],
    expected('true or false'),
  )
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1' || v === 'yes');

/** A price in dollars with at most two decimals (SPEC §5: step 0.01), answered in cents. */
export const priceSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, 'must be a price like 19.99'),
    ],
    expected('a price like 19.99'),
  )
  .transform((v) => Number(v))
  .pipe(
    z
      .number()
      .nonnegative('must not be negative')
      .max(1_000_000, 'must be at most 1000000')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most two decimals'),
  )
  .transform((dollars) => Math.round(dollars * 100));

// ---------------------------------------------------------------------------------------------
// Categories (coursecategory/*)

export const categorySchema = z.object({
  category_Id: z.number(),
  category_name: z.string(),
  category_description: z.string(),
  org_Id: z.number(),
  created_by: z.number().nullable(),
  created_date: z.string(),
  /** How many courses use it: a used category cannot be deleted. */
  courses_count: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

export const orgIdQuerySchema = z.object({ org_Id: idSchema.optional() });
/** An organisation's list: the spec's `org_Id` with the paging and search parameters (README "Additions"). */
export const orgPageQuerySchema = orgIdQuerySchema.extend(pageQuerySchema.shape);
export const categoryIdQuerySchema = z.object({ category_Id: idSchema });

export const createCategoryBodySchema = z.object({
  category_name: requiredText(COUNTER_SHORT),
  category_description: optionalText(COUNTER_LONG).nullable(),
  org_Id: z.unknown().optional(),
  created_date: z.unknown().optional(),
});
export type CreateCategoryBody = z.input<typeof createCategoryBodySchema>;

export const updateCategoryBodySchema = createCategoryBodySchema.extend({
  category_Id: idSchema,
  created_by: z.unknown().optional(),
});
export type UpdateCategoryBody = z.input<typeof updateCategoryBodySchema>;

// ---------------------------------------------------------------------------------------------
// Authors (authors/*)

export const authorSchema = z.object({
  author_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(['F', 'M']),
  email_address: z.string(),
  phone_number: z.string(),
  bio: z.string(),
  profile_picturePath: z.string().nullable(),
  org_Id: z.number(),
  created_date: z.string(),
  courses_count: z.number(),
});
export type Author = z.infer<typeof authorSchema>;

/** The text fields of authors/CreateAuthors, sent as `Object.<name>`; the photo comes as `fileName`. */
export const createAuthorFieldsSchema = z.object({
  first_name: requiredText(COUNTER_SHORT),
  last_name: requiredText(COUNTER_SHORT),
  gender: z.enum(['F', 'M'], expected('F or M')),
  email_address: emailSchema,
  phone_number: z
    .string(expected('text'))
    .trim()
    .regex(/^\+?[0-9 ()-]{4,24}$/, 'must be a phone number')
    .optional()
    .or(z.literal('')),
  bio: optionalText(COUNTER_LONG),
  org_Id: z.unknown().optional(),
});

/** authors/UpdateAuthors (README "Additions"): the same fields plus `author_id`; a new photo is optional. */
export const updateAuthorFieldsSchema = createAuthorFieldsSchema.extend({ author_id: idSchema });

// ---------------------------------------------------------------------------------------------
// Price types

export const priceTypeSchema = z.object({ price_type_Id: z.number(), price_type_name: z.string() });
export type PriceType = z.infer<typeof priceTypeSchema>;

// ---------------------------------------------------------------------------------------------
// Courses (courses/*)

/** The text fields of courses/createCourse, sent as `Object.<name>`; the cover comes as `fileName`. */
export const courseFieldsSchema = z.object({
  course_title: requiredText(COUNTER_SHORT),
  course_description: requiredText(COUNTER_LONG * 10, { multiline: true }),
  price: priceSchema,
  price_type_Id: idSchema,
  category_id: idSchema,
  author_id: idSchema,
  certificate: flagSchema.optional(),
  /** Each lesson opens once the one before it is completed (README "Additions", docs/decisions/032). */
  lessons_in_order: flagSchema.optional(),
  org_Id: z.unknown().optional(),
});
export const updateCourseFieldsSchema = courseFieldsSchema.extend({ course_Id: idSchema });

/** courses/details/{id}: the listing fields plus names and counts. */
export const courseDetailSchema = courseListItemSchema.extend({
  category_name: z.string(),
  price_type_name: z.string(),
  sections_count: z.number(),
  lessons_count: z.number(),
  /** The school's money-back guarantee in days (0: none), as its course page states it (docs/decisions/029). */
  refund_window_days: z.number().optional(),
  /** Whether each lesson opens only once the one before it is completed (docs/decisions/032). */
  lessons_in_order: z.boolean().optional(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const publishBodySchema = z.object({ Id: idSchema, published: flagSchema });

/** A flag that publishes what a course or section holds along with it makes sense only when publishing. */
const onlyWhenPublishing =
  (field: string) => (body: { published: boolean } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (body[field] === true && !body.published) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'can be true only with published: true' });
    }
  };

/**
 * PUT courses/publishUnpublishCourse; `withSectionsAndLessons` (README "Additions") publishes every
 * section and lesson of the course with it, in one transaction.
 */
export const publishCourseBodySchema = publishBodySchema
  .extend({ withSectionsAndLessons: flagSchema.optional() })
  .superRefine(onlyWhenPublishing('withSectionsAndLessons'));
export type PublishCourseBody = z.input<typeof publishCourseBodySchema>;

/**
 * PUT courseSections/publishUnpublishSection; `withLessons` (README "Additions") publishes every lesson
 * of the section with it, in one transaction.
 */
export const publishSectionBodySchema = publishBodySchema
  .extend({ withLessons: flagSchema.optional() })
  .superRefine(onlyWhenPublishing('withLessons'));
export type PublishSectionBody = z.input<typeof publishSectionBodySchema>;
export const previewBodySchema = z.object({ Id: idSchema, makepreview: flagSchema });

// ---------------------------------------------------------------------------------------------
// Sections (courseSections/*) and lessons (lessons/*)

export const lessonSchema = z.object({
  lesson_Id: z.number(),
  lesson_title: z.string(),
  /** Same as contentType (the spec names both). */
  lessonType: z.string(),
  /** pdf, video, audio, text; a bulk upload stores the file's MIME type (SPEC §3). */
  contentType: z.string(),
  /** A signed URL to the file for this viewer, or null when there is no file or no right to it. */
  content_path: z.string().nullable(),
  contentFile: z.string().nullable(),
  file_mime: z.string().nullable(),
  file_size: z.number().nullable(),
  section_Id: z.number(),
  order_number: z.number(),
  published: z.boolean(),
  preview: z.boolean(),
  lessonstarted: z.boolean(),
  /** For a student: whether the lesson is not open yet, and when it opens (docs/decisions/032). */
  ...lessonReleaseSchema.partial().shape,
  /** A video lesson's streaming copies, poster and captions (docs/decisions/041); absent for other kinds. */
  video: lessonVideoSchema.nullable().optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const sectionSchema = z.object({
  section_Id: z.number(),
  section_name: z.string(),
  section_description: z.string(),
  order_number: z.number(),
  published: z.boolean(),
  course_Id: z.number(),
  lessons: z.array(lessonSchema),
  /** When the section's lessons open to a student (docs/decisions/032). */
  ...sectionReleaseSchema.partial().shape,
});
export type Section = z.infer<typeof sectionSchema>;

export const insertSectionBodySchema = z
  .object({
    course_id: idSchema,
    section_name: requiredText(COUNTER_SHORT),
    section_description: optionalText(COUNTER_LONG).nullable(),
    section_id: z.unknown().optional(),
    published: flagSchema.optional(),
    order_number: wholeNumberSchema.optional(),
    ...sectionReleaseFields,
  })
  .superRefine(checkSectionRelease);
export type InsertSectionBody = z.input<typeof insertSectionBodySchema>;

export const updateSectionBodySchema = z
  .object({
    section_Id: idSchema,
    section_name: requiredText(COUNTER_SHORT),
    course_Id: z.unknown().optional(),
    published: flagSchema.optional(),
    Order_number: wholeNumberSchema.optional(),
    section_description: optionalText(COUNTER_LONG).nullable(),
    ...sectionReleaseFields,
  })
  .superRefine(checkSectionRelease);
export type UpdateSectionBody = z.input<typeof updateSectionBodySchema>;

export const CONTENT_TYPE_VALUES = ['pdf', 'text', 'audio', 'video'] as const;

/** lessons/createLessons text fields (`Object.<name>`); `lesson_Id` 0 creates, another id edits. */
export const lessonFieldsSchema = z.object({
  lesson_Id: z
    .union(
      [
        z.number().int().min(0),
        z.string().trim().regex(/^\d+$/, 'must be 0 or a lesson id'),
        z.literal('null'),
        z.null(),
      ],
      expected('0 or a lesson id'),
    )
    .optional()
    .transform((v) => (v === undefined || v === null || v === 'null' ? 0 : Number(v)))
    .pipe(z.number().max(2_147_483_647, 'is too large')),
  lesson_title: requiredText(COUNTER_SHORT),
  /**
   * 'image' only keeps the type of a lesson a bulk upload made from an image (renaming it, say); 'quiz'
   * makes a quiz lesson, which takes no file (docs/decisions/031).
   */
  contentType: z.enum(
    [...CONTENT_TYPE_VALUES, 'image', 'quiz'],
    expected('one of pdf, text, audio, video, quiz'),
  ),
  section_Id: idSchema,
  /**
   * A text lesson written in the page (an addition): its HTML, sanitized by the server and stored as the
   * lesson's file in place of a .txt (docs/decisions/019).
   */
  content_html: z
    .string()
    .refine(
      (html) => utf8Bytes(html) <= TEXT_LESSON_MAX_BYTES,
      `must be at most ${TEXT_LESSON_MAX_BYTES / 1024} KB`,
    )
    .optional(),
});

/** lessons/UploadLesson metadata fields beside the `file`. */
export const bulkLessonFieldsSchema = z.object({
  section_Id: idSchema,
  contentType: z.string().optional(),
});

/** lessons/SaveLessonOrder (an addition): the section's lessons in their new order. */
export const lessonOrderBodySchema = z.object({
  section_Id: idSchema,
  lesson_Ids: z.array(idSchema, expected('a list of lesson ids')).min(1, 'must list the lessons').max(1000),
});
export type LessonOrderBody = z.input<typeof lessonOrderBodySchema>;
