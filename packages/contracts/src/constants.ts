/** Role ids (SPEC §4, §6). Anything other than 1, 2 or 3 is treated as 4. */
export const ROLE = { PUBLISHER: 1, AUTHOR: 2, STUDENT: 3, OTHER: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const roleOf = (roleId: unknown): RoleId =>
  roleId === 1 || roleId === 2 || roleId === 3 ? roleId : ROLE.OTHER;

/** SPEC §9: lesson content types, each a lesson that holds a file of its kind. */
export const CONTENT_TYPES = ['pdf', 'text', 'audio', 'video'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** A lesson that holds a quiz, not a file (docs/decisions/031): made with lessons/createLessons. */
export const QUIZ_CONTENT_TYPE = 'quiz';

/**
 * Every kind of lesson, in one place: a content type, an image (a bulk upload's), or a quiz. The web app
 * has an icon, a label and a viewer for each; a kind it does not know is not shown as another.
 */
export const LESSON_KINDS = [...CONTENT_TYPES, 'image', QUIZ_CONTENT_TYPE] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** Whether a lesson is a quiz lesson (its content type is 'quiz'). */
export const isQuizLesson = (contentType: string | null | undefined): boolean =>
  (contentType ?? '').trim().toLowerCase() === QUIZ_CONTENT_TYPE;

/**
 * What a lesson holds, for its icon, its viewer and how it completes: a content type, or the MIME type a
 * bulk upload stored (SPEC §3), e.g. 'application/pdf' is a pdf, 'video/mp4' a video and 'image/png' an
 * image; 'quiz' is a quiz.
 */
export const lessonKind = (contentType: string | null | undefined): LessonKind => {
  const type = (contentType ?? '').trim().toLowerCase();
  if ((LESSON_KINDS as readonly string[]).includes(type)) return type as LessonKind;
  if (type.includes('pdf')) return 'pdf';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('image/')) return 'image';
  return 'text';
};

/** SPEC §3: plan category values. */
export const PLAN_CATEGORIES = [
  'MonthlyKickstart',
  'AnnualKickstart',
  'MonthlyBasic',
  'AnnualBasic',
  'MonthlyGrowth',
  'AnnualGrowth',
] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];

export const PLANS = ['Kickstarter', 'Basic', 'Growth'] as const;
export type PlanName = (typeof PLANS)[number];

/** SPEC §9 and DESIGN decision 7: real plan limits. */
export const PLAN_LIMITS: Record<PlanName, { products: number; contacts: number }> = {
  Kickstarter: { products: 1, contacts: 250 },
  Basic: { products: 3, contacts: 10_000 },
  Growth: { products: 15, contacts: 25_000 },
};

const GIB = 1024 ** 3;

/**
 * Storage allowance per plan: the sum of an organisation's stored files (lesson files, course images,
 * author photos), enforced on every upload (docs/decisions/003; README "Additions").
 */
export const PLAN_STORAGE_BYTES: Record<PlanName, number> = {
  Kickstarter: 5 * GIB,
  Basic: 50 * GIB,
  Growth: 250 * GIB,
};

/** What an organisation without a running plan may store: enough to try the product. */
export const NO_PLAN_STORAGE_BYTES = 500 * 1024 ** 2;

/** A byte count as people read it: "500 MB", "49.8 GB" (binary units, as the upload limits). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  // One decimal, so a little under the limit never reads as the limit itself.
  const shown = Math.floor(value * 10) / 10;
  return `${Number.isInteger(shown) ? shown : shown.toFixed(1)} ${units[unit]}`;
}

export const ANNUAL_DISCOUNT = 0.2;
export const CURRENCY = 'USD';

export const VERIFICATION_CODE_LENGTH = 6;
export const FEATURED_COURSES = 8;
export const AUTHORS_PAGE_SIZE = 5;
export const STUDENTS_PAGE_SIZE = 10;
export const PAGINATION = { range: 2, margin: 2 } as const;

export const COUNTER_SHORT = 100;
export const COUNTER_LONG = 450;
export const TRUNCATE = { cardDescription: 150, detailDescription: 300, authorBio: 100 } as const;

export const LESSON_FORM_MAX_BYTES = 104_857_600;
export const EDIT_LESSON_MAX_BYTES = 2_147_483_648;
/**
 * The largest text lesson written in the page (lessons/createLessons `content_html`), in UTF-8 bytes of
 * the HTML as sent: some 60,000 words of formatted text (docs/decisions/019).
 */
export const TEXT_LESSON_MAX_BYTES = 512 * 1024;

/** The length of a text in UTF-8 bytes (a lone surrogate counts as the 3 of its replacement). */
export const utf8Bytes = (text: string) => {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};
export const BULK_UPLOAD_MAX_FILES = 10;

export const TOAST_MS = { long: 5000, short: 3000 } as const;
/** A live code is mailed again at most once per this many seconds (decision 002); the code screen waits as long. */
export const CODE_RESEND_SECONDS = 60;
/** Toasts shown at once; more wait their turn, so a burst never covers a phone's screen. */
export const TOAST_MAX_VISIBLE = 3;
export const EDIT_STATUS_CLEAR_MS = 3000;

export const SIDEBAR = { collapsed: 72, expanded: 242, breakpoint: 768 } as const;

/** Password bounds: the spec shows none; these are ours (docs/decisions/003-accounts.md). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The catalogue's price filter (`price=`): courses taken without payment, or those that cost something. */
export const CATALOGUE_PRICES = ['free', 'paid'] as const;
export type CataloguePrice = (typeof CATALOGUE_PRICES)[number];

/**
 * The catalogue's orders (`sort=`): the newest first, the cheapest or dearest first, the best rated first
 * (the average of visible reviews, courses without one last). Without it, the order of the course ids.
 */
export const CATALOGUE_SORTS = ['newest', 'price_asc', 'price_desc', 'rating'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/**
 * What a plan card's item stands for (docs/decisions/038): whether this installation provides it is
 * decided by the software for these (the API's capabilityProvided), unless the operator says otherwise.
 */
export const PLAN_CAPABILITIES = [
  'website',
  'products',
  'contacts',
  'community',
  'marketing_emails',
  'landing_pages',
  'onboarding_call',
  'ai',
  'creator_studio',
  'integrations',
  'support',
  'affiliates',
  'custom_domain',
  'custom_branding',
  'admin_users',
  'webhooks',
  /** An item the operator added that stands for nothing the software knows of. */
  'other',
] as const;
export type PlanCapability = (typeof PLAN_CAPABILITIES)[number];

type SpecPlanFeature = { text: string; capability: PlanCapability; note?: string };

const SHARED_FEATURES: SpecPlanFeature[] = [
  { text: 'Unlimited Landing Pages', capability: 'landing_pages' },
  { text: 'Group Onboarding Call', capability: 'onboarding_call' },
  { text: 'AI', capability: 'ai' },
  { text: 'Creator Studio', capability: 'creator_studio' },
];

/**
 * SPEC §2.15: each plan's card, exactly as written there, with the capability each item stands for.
 * The database's first lists (plan_features); the operator edits them there.
 */
export const SPEC_PLAN_FEATURES: Record<PlanName, SpecPlanFeature[]> = {
  Kickstarter: [
    { text: '1 Website', capability: 'website' },
    { text: '1 Product + 1 Community', capability: 'products', note: 'Community not included' },
    { text: '250 Contacts', capability: 'contacts' },
    { text: '7,500 Marketing Emails', capability: 'marketing_emails' },
    ...SHARED_FEATURES,
  ],
  Basic: [
    { text: '1 Website', capability: 'website' },
    { text: '3 Products', capability: 'products' },
    { text: '10,000 Contacts', capability: 'contacts' },
    { text: 'Unlimited Marketing Emails', capability: 'marketing_emails' },
    ...SHARED_FEATURES,
    { text: '3rd Party Integrations', capability: 'integrations' },
  ],
  Growth: [
    { text: '1 Website', capability: 'website' },
    { text: '15 Products', capability: 'products' },
    { text: '25,000 Contacts', capability: 'contacts' },
    { text: 'Unlimited Marketing Emails', capability: 'marketing_emails' },
    ...SHARED_FEATURES,
    { text: '3rd Party Integrations', capability: 'integrations' },
    { text: '24/7 Support', capability: 'support' },
    { text: 'Affiliate Programs', capability: 'affiliates' },
    { text: 'Custom Domain', capability: 'custom_domain' },
    { text: 'Custom Branding', capability: 'custom_branding' },
    { text: 'Multiple Admin Users', capability: 'admin_users' },
    { text: 'Webhooks', capability: 'webhooks' },
  ],
};

/** Where a school's site lives in the installation: `/s/{slug}`. */
export const SCHOOL_SITE_PREFIX = '/s';

/** The page a team invitation's link opens (`?token=`). */
export const ACCEPT_INVITE_PATH = '/acceptInvite';
