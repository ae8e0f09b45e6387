import {
  formatBytes,
  PLAN_STORAGE_BYTES,
  type PlanCategory,
  type PlanFeature,
  type PlanName,
  type PricingRecord,
} from '@skillwise/contracts';
import { numberFormat } from '@/lib/format';
import { currentLocale, type MessageId, type MessageValues, t } from '@/lib/i18n/i18n';

export type BillingType = 'monthly' | 'annual';

/** One item of a plan's card: the server's (docs/decisions/038), or the storage allowance. */
export type CardItem = Pick<PlanFeature, 'text' | 'included' | 'note'>;

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A storage size as the plans and the usage say it: "5 GB", "1.5 GB", with one decimal at most, cut rather
 * than rounded so that a little under a limit never reads as the limit. English is the contracts' own
 * writing (the server's e-mails say the same); other languages take Intl's units in the reader's locale.
 */
export const storageSize = (bytes: number): string => {
  if (currentLocale() === 'en') return formatBytes(bytes);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? value : Math.floor(value * 10) / 10;
  return numberFormat({ style: 'unit', unit: SIZE_UNITS[unit], maximumFractionDigits: 1 }).format(shown);
};

/** The plan's storage allowance as a feature (README "Additions"): "50 GB of file storage". */
export const planStorageFeature = (plan: PlanName) =>
  t('admin.subscription.storageFeature', { size: storageSize(PLAN_STORAGE_BYTES[plan]) });

/** SPEC §2.15's texts of the plans' cards, each the message that says it in the reader's language. */
const SPEC_FEATURE_TEXTS: Record<string, [MessageId, MessageValues?]> = {
  '1 Website': ['admin.subscription.planFeature.website'],
  '1 Product + 1 Community': ['admin.subscription.planFeature.productCommunity'],
  'Community not included': ['admin.subscription.planFeature.communityNotIncluded'],
  '250 Contacts': ['admin.subscription.planFeature.contacts', { count: 250 }],
  '10,000 Contacts': ['admin.subscription.planFeature.contacts', { count: 10_000 }],
  '25,000 Contacts': ['admin.subscription.planFeature.contacts', { count: 25_000 }],
  '7,500 Marketing Emails': ['admin.subscription.planFeature.marketingEmails', { count: 7500 }],
  'Unlimited Marketing Emails': ['admin.subscription.planFeature.unlimitedMarketingEmails'],
  '3 Products': ['admin.subscription.planFeature.products', { count: 3 }],
  '15 Products': ['admin.subscription.planFeature.products', { count: 15 }],
  'Unlimited Landing Pages': ['admin.subscription.planFeature.landingPages'],
  'Group Onboarding Call': ['admin.subscription.planFeature.onboardingCall'],
  AI: ['admin.subscription.planFeature.ai'],
  'Creator Studio': ['admin.subscription.planFeature.creatorStudio'],
  '3rd Party Integrations': ['admin.subscription.planFeature.integrations'],
  '24/7 Support': ['admin.subscription.planFeature.support'],
  'Affiliate Programs': ['admin.subscription.planFeature.affiliates'],
  'Custom Domain': ['admin.subscription.planFeature.customDomain'],
  'Custom Branding': ['admin.subscription.planFeature.customBranding'],
  'Multiple Admin Users': ['admin.subscription.planFeature.adminUsers'],
  Webhooks: ['admin.subscription.planFeature.webhooks'],
};

/**
 * A card's text in the reader's language when it is the specification's (English stays letter for
 * letter); a text the operator wrote in the database stays as written.
 */
const readerFeatureText = (text: string): string => {
  const known = Object.hasOwn(SPEC_FEATURE_TEXTS, text) ? SPEC_FEATURE_TEXTS[text] : undefined;
  return known ? t(known[0], known[1]) : text;
};

/**
 * What a plan's card lists: the server's items (SPEC §2.15's texts as the operator keeps them, each
 * included or not), with the storage allowance after the contacts. None before the server answers.
 */
export const planFeatures = (pricing: PricingRecord | undefined, plan: PlanName): CardItem[] => {
  const features: CardItem[] = (pricing?.features?.[plan] ?? []).map((item) => ({
    ...item,
    text: readerFeatureText(item.text),
    note: item.note === null ? null : readerFeatureText(item.note),
  }));
  if (features.length === 0) return features;
  const contacts = (pricing?.features?.[plan] ?? []).findIndex((item) => item.capability === 'contacts');
  features.splice(contacts + 1, 0, { text: planStorageFeature(plan), included: true, note: null });
  return features;
};

export const PLAN_TAGLINES: Record<PlanName, MessageId> = {
  Kickstarter: 'admin.subscription.tagline.kickstarter',
  Basic: 'admin.subscription.tagline.basic',
  Growth: 'admin.subscription.tagline.growth',
};

const CATEGORY: Record<BillingType, Record<PlanName, PlanCategory>> = {
  monthly: { Kickstarter: 'MonthlyKickstart', Basic: 'MonthlyBasic', Growth: 'MonthlyGrowth' },
  annual: { Kickstarter: 'AnnualKickstart', Basic: 'AnnualBasic', Growth: 'AnnualGrowth' },
};

type PriceField = Exclude<keyof PricingRecord, 'features'>;

const PRICE_FIELD: Record<BillingType, Record<PlanName, PriceField>> = {
  monthly: { Kickstarter: 'monthlyKickstart', Basic: 'monthlyBasic', Growth: 'monthlyGrowth' },
  annual: { Kickstarter: 'annualKickstart', Basic: 'annualBasic', Growth: 'annualGrowth' },
};

/** The subscriptionCategory value stored for a plan and billing period (SPEC §3). */
export const planCategory = (plan: PlanName, billing: BillingType): PlanCategory => CATEGORY[billing][plan];

/** The plan's price in dollars: per month, or the yearly total when annual. */
export const planPrice = (pricing: PricingRecord, plan: PlanName, billing: BillingType): number =>
  pricing[PRICE_FIELD[billing][plan]];

/** Reads a stored subscriptionCategory back into its plan and billing period. */
export const parsePlanCategory = (value: string | null): { plan: PlanName; billing: BillingType } | null => {
  for (const billing of ['monthly', 'annual'] as const) {
    for (const [plan, category] of Object.entries(CATEGORY[billing]) as Array<[PlanName, PlanCategory]>) {
      if (category === value) return { plan, billing };
    }
  }
  return null;
};
