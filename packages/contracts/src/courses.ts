import { z } from 'zod';

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
});
export type CourseListItem = z.infer<typeof courseListItemSchema>;
