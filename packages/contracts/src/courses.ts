import { z } from 'zod';
import { CATALOGUE_PRICES, CATALOGUE_SORTS, COUNTER_SHORT } from './constants';
import { pageQuerySchema, queryText } from './paging';
import { SCHOOL_SLUG_MAX } from './school-sites';

/**
 * A course's real figures (DESIGN decision 11), as students see the course: additions to the catalogue
 * cards and the course detail (README "Additions"), optional there so that other answers keep their shape.
 */
export const courseFiguresSchema = z.object({
  /** Students enrolled in the course. */
  students_count: z.number().int().nonnegative(),
  /** Published lessons in published sections. */
  published_lessons_count: z.number().int().nonnegative(),
  /** Whole seconds of the published video and audio lessons whose length is known (0 when none is). */
  duration_seconds: z.number().int().nonnegative(),
  /** The latest change of the course, its sections or its lessons (ISO 8601). */
  last_updated: z.string(),
});
export type CourseFigures = z.infer<typeof courseFiguresSchema>;

/** A course as listings show it (SPEC §3), with its author's public fields. */
export const courseListItemSchema = z.object({
  course_Id: z.number(),
  course_title: z.string(),
  course_description: z.string(),
  course_image: z.string().nullable(),
  price: z.number(),
  price_type_Id: z.number(),
  category_Id: z.number(),
  author_id: z.number(),
  certificate: z.boolean(),
  org_Id: z.number(),
  published: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  bio: z.string(),
  profile_picturePath: z.string().nullable(),
  ...courseFiguresSchema.partial().shape,
});
export type CourseListItem = z.infer<typeof courseListItemSchema>;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => `must be one of ${values.join(', ')}` }).optional();

/**
 * Query of courses/GetAllCoursesDetail (README "Additions"): paging and search (title, description, the
 * author's name and the category's name), a category by name (any organisation's of that name, any case),
 * the price and the order. Every one is optional: without them the call answers as the specification's.
 */
export const catalogueQuerySchema = pageQuerySchema.extend({
  category: queryText(COUNTER_SHORT),
  price: oneOf(CATALOGUE_PRICES),
  sort: oneOf(CATALOGUE_SORTS),
  /** A school's site address (its slug): only that school's published courses (docs/decisions/040). */
  school: queryText(SCHOOL_SLUG_MAX),
});
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;
export type CatalogueQueryInput = z.input<typeof catalogueQuerySchema>;

/** courses/GetCatalogueCategories: a category name the catalogue's published courses are filed under. */
export const catalogueCategorySchema = z.object({
  category_name: z.string(),
  /** Published courses filed under that name, in every organisation. */
  courses_count: z.number().int().nonnegative(),
});
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;
