import { z } from 'zod';
import { localeSchema } from './accounts';
import { expected, hasControlCharacter } from './common';
import { INTEGRATIONS_PLAN } from './integrations';

/**
 * Each school's public site and brand (docs/decisions/040): its address `/s/{slug}` in the installation,
 * its name, logo, colour, headline and about text, and on the Growth plan a domain of its own.
 */

export const SCHOOL_SLUG_MIN = 3;
export const SCHOOL_SLUG_MAX = 40;
export const SCHOOL_HEADLINE_MAX = 120;
export const SCHOOL_ABOUT_MAX = 2000;
export const SCHOOL_NAME_MAX = 80;
export const SCHOOL_DOMAIN_MAX = 253;

/** The colour a site has until its school chooses one: the installation's own brand (5.7:1 on white). */
export const DEFAULT_SCHOOL_COLOR = '#4f46e5';

/** The contrast white text needs on a school's colour (WCAG 2 AA for normal text). */
export const SCHOOL_COLOR_MIN_CONTRAST = 4.5;

/** The plan that has custom domains (the plan cards' Growth, as webhooks are). */
export const CUSTOM_DOMAIN_PLAN = INTEGRATIONS_PLAN;

/**
 * Words a school cannot take as its address: the installation's own pages and words that would read as
 * the installation's (an address is shown to visitors and in links).
 */
export const RESERVED_SCHOOL_SLUGS: readonly string[] = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'certificates',
  'checkout',
  'courses',
  'help',
  'login',
  'logout',
  'new',
  'register',
  's',
  'sandbox',
  'settings',
  'signup',
  'site',
  'sitemap',
  'skillwise',
  'static',
  'students',
  'support',
  'www',
];

export const SCHOOL_SITE_MSG = {
  slugTaken: 'This address is taken by another school: choose another.',
  slugReserved: 'This address is reserved: choose another.',
  domainTaken: 'This domain is claimed by another school.',
  domainIsInstallation: 'This is the installation’s own address: enter your school’s domain.',
  needsPlan: `A custom domain is part of the ${CUSTOM_DOMAIN_PLAN} plan. Upgrade to ${CUSTOM_DOMAIN_PLAN} to use one.`,
  lowContrast: (ratio: number) =>
    `White text on this colour has a contrast of ${ratio.toFixed(1)}:1; choose a darker colour (at least ${SCHOOL_COLOR_MIN_CONTRAST}:1).`,
} as const;

/** The relative luminance of an sRGB colour `#rrggbb` (WCAG 2). */
const luminance = (hex: string): number => {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
};

/** The contrast ratio of white text on `#rrggbb` (1 to 21). */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

const HEX_COLOR = /^#[0-9a-f]{6}$/;

/** A school's colour: `#rrggbb`, lower-cased, dark enough for white text on it. */
export const schoolColorSchema = z
  .string(expected('a colour like #1d4ed8'))
  .trim()
  .transform((value) => value.toLowerCase())
  .refine((value) => HEX_COLOR.test(value), 'must be a colour like #1d4ed8')
  .superRefine((value, context) => {
    if (!HEX_COLOR.test(value)) return;
    const ratio = contrastWithWhite(value);
    // Rounded down as shown, so a colour shown as 4.5:1 is never refused for 4.49.
    if (Math.floor(ratio * 100) / 100 < SCHOOL_COLOR_MIN_CONTRAST) {
      context.addIssue({ code: 'custom', message: SCHOOL_SITE_MSG.lowContrast(ratio) });
    }
  });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A school's address: lower-case letters, digits and single hyphens between them; not a reserved word. */
export const schoolSlugSchema = z
  .string(expected('text'))
  .trim()
  .min(SCHOOL_SLUG_MIN, `must be at least ${SCHOOL_SLUG_MIN} characters`)
  .max(SCHOOL_SLUG_MAX, `must be at most ${SCHOOL_SLUG_MAX} characters`)
  .regex(SLUG, 'must be lower-case letters, digits and hyphens between them')
  .refine((value) => !RESERVED_SCHOOL_SLUGS.includes(value), SCHOOL_SITE_MSG.slugReserved);

/**
 * The address made of a school's name: lower-case ASCII letters and digits, words joined by hyphens,
 * accents dropped; a name with none (or a reserved word) gives `school`. The server adds `-2`, `-3`...
 * when another school has it.
 */
export const slugOfName = (name: string): string => {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SCHOOL_SLUG_MAX - 4) break;
    slug = next;
  }
  if (slug.length < SCHOOL_SLUG_MIN || RESERVED_SCHOOL_SLUGS.includes(slug)) {
    return slug ? `${slug}-school`.slice(0, SCHOOL_SLUG_MAX - 4) : 'school';
  }
  return slug;
};

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A domain name: at least two labels of letters, digits and hyphens, a top-level label not all digits. */
export const isDomainName = (value: string): boolean => {
  if (value.length > SCHOOL_DOMAIN_MAX) return false;
  const labels = value.split('.');
  const top = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && !/^\d+$/.test(top);
};

/** A school's own domain, `learn.example.com`: no scheme, port or path; lower-cased, a final dot dropped. */
export const schoolDomainSchema = z
  .string(expected('a domain name'))
  .trim()
  .transform((value) => value.toLowerCase().replace(/\.$/, ''))
  .refine(isDomainName, 'must be a domain name like learn.example.com, without https:// or a path');

const plainText = (max: number, multiline: boolean) =>
  z
    .string(expected('text'))
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), 'must not contain control characters')
    .refine((value) => multiline || !/[\r\n]/.test(value), 'must be on one line');

/** schoolSite/UpdateSettings: every field optional, what is sent changes. */
export const updateSchoolSiteSchema = z.object({
  slug: schoolSlugSchema.optional(),
  /** The name the site shows; blank: the school's own name. */
  display_name: plainText(SCHOOL_NAME_MAX, false).optional(),
  primary_color: schoolColorSchema.optional(),
  headline: plainText(SCHOOL_HEADLINE_MAX, false).optional(),
  /** Plain text; its blank lines make paragraphs. */
  about: plainText(SCHOOL_ABOUT_MAX, true).optional(),
  /** The school's default language (docs/decisions/044): its site's, for a visitor whose browser speaks none of ours. */
  language: localeSchema.optional(),
});
export type UpdateSchoolSite = z.infer<typeof updateSchoolSiteSchema>;
export type UpdateSchoolSiteInput = z.input<typeof updateSchoolSiteSchema>;

/** schoolSite/SetCustomDomain: a domain, or null to give it up. */
export const setSchoolDomainSchema = z.object({ domain: schoolDomainSchema.nullable() });

/** schoolSite/GetSite/{slug}. */
export const schoolSlugParamSchema = z.object({
  slug: z.string(expected('text')).trim().max(SCHOOL_SLUG_MAX),
});

/** schoolSite/CheckDomain?domain=: what a reverse proxy asks before it gets a certificate. */
export const checkDomainQuerySchema = z.object({
  domain: z
    .string(expected('a domain name'))
    .trim()
    .min(1, 'is required')
    .max(SCHOOL_DOMAIN_MAX, `must be at most ${SCHOOL_DOMAIN_MAX} characters`),
});

/** A school's public site: what anyone sees at /s/{slug}. */
export const schoolSiteSchema = z.object({
  org_id: z.number(),
  slug: z.string(),
  /** The name shown: the one chosen, or the school's own. */
  name: z.string(),
  /** The logo's public address (an image the server resizes), or null. */
  logo: z.string().nullable(),
  primary_color: z.string(),
  headline: z.string(),
  about: z.string(),
  /** The school's default language (docs/decisions/044). */
  language: localeSchema,
});
export type SchoolSite = z.infer<typeof schoolSiteSchema>;

/** What the school's staff edit: the public site, with the domain and what the plan allows. */
export const schoolSiteSettingsSchema = schoolSiteSchema.extend({
  /** The chosen name ('' for the school's own). */
  display_name: z.string(),
  /** The school's own name, shown when no other is chosen. */
  school_name: z.string(),
  custom_domain: z.string().nullable(),
  /** Whether the school's plan has custom domains now; a domain kept without it is not answered. */
  custom_domain_allowed: z.boolean(),
  /** The site's address in the installation. */
  url: z.string(),
});
export type SchoolSiteSettings = z.infer<typeof schoolSiteSettingsSchema>;

export const checkDomainResponseSchema = z.object({ domain: z.string() });
