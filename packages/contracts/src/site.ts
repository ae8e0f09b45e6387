import { z } from 'zod';
import { expected, hasControlCharacter } from './common';

/**
 * site/GetLandingContent: what the landing page shows about the installation itself, all of it real
 * (DESIGN decision 11 and 13): its figures, counted from the database, and the testimonials its operator
 * wrote (`npm run testimonials`, README), none by default.
 */
export const siteFiguresSchema = z.object({
  /** Published courses: the catalogue's. */
  courses: z.number().int().min(0),
  /** Verified student accounts. */
  students: z.number().int().min(0),
  /** Certificates of completion issued and not revoked. */
  certificates: z.number().int().min(0),
  /** Organisations with at least one published course. */
  schools: z.number().int().min(0),
});
export type SiteFigures = z.infer<typeof siteFiguresSchema>;

/** One testimonial as the landing page shows it; `role` is null when the operator gave none. */
export const testimonialSchema = z.object({
  quote: z.string(),
  name: z.string(),
  role: z.string().nullable(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const landingContentSchema = z.object({
  figures: siteFiguresSchema,
  testimonials: z.array(testimonialSchema),
});
export type LandingContent = z.infer<typeof landingContentSchema>;

/** The landing page shows at most this many testimonials: the first ones written. */
export const TESTIMONIALS_SHOWN = 6;

export const TESTIMONIAL_LIMITS = { quote: 600, name: 100, role: 100 } as const;

const plainText = (max: number) =>
  z
    .string(expected('text'))
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), 'must not contain control characters');

/** A testimonial as the operator writes it (`npm run testimonials -- add`); a blank role is none. */
export const testimonialInputSchema = z.object({
  quote: plainText(TESTIMONIAL_LIMITS.quote),
  name: plainText(TESTIMONIAL_LIMITS.name),
  role: z
    .string(expected('text'))
    .trim()
    .max(TESTIMONIAL_LIMITS.role, `must be at most ${TESTIMONIAL_LIMITS.role} characters`)
    .refine((value) => !hasControlCharacter(value), 'must not contain control characters')
    .optional()
    .transform((value) => (value ? value : null)),
});
export type TestimonialInput = z.output<typeof testimonialInputSchema>;
