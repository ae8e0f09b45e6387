import {
  formatBytes,
  PLAN_STORAGE_BYTES,
  type PlanCategory,
  type PlanName,
  type PricingRecord,
} from '@skillwise/contracts';

export type BillingType = 'monthly' | 'annual';

/** SPEC §2.15: the feature list of each plan, exactly as written there. */
export const PLAN_FEATURES: Record<PlanName, string[]> = {
  Kickstarter: [
    '1 Website',
    '1 Product + 1 Community',
    '250 Contacts',
    '7,500 Marketing Emails',
    'Unlimited Landing Pages',
    'Group Onboarding Call',
    'AI',
    'Creator Studio',
  ],
  Basic: [
    '1 Website',
    '3 Products',
    '10,000 Contacts',
    'Unlimited Marketing Emails',
    'Unlimited Landing Pages',
    'Group Onboarding Call',
    'AI',
    'Creator Studio',
    '3rd Party Integrations',
  ],
  Growth: [
    '1 Website',
    '15 Products',
    '25,000 Contacts',
    'Unlimited Marketing Emails',
    'Unlimited Landing Pages',
    'Group Onboarding Call',
    'AI',
    'Creator Studio',
    '3rd Party Integrations',
    '24/7 Support',
    'Affiliate Programs',
    'Custom Domain',
    'Custom Branding',
    'Multiple Admin Users',
    'Webhooks',
  ],
};

/** The plan's storage allowance as a feature (README "Additions"): "50 GB of file storage". */
export const planStorageFeature = (plan: PlanName) =>
  `${formatBytes(PLAN_STORAGE_BYTES[plan])} of file storage`;

/** What a plan's card lists: the spec's features, with the storage allowance after the contacts. */
export const planFeatures = (plan: PlanName): string[] => {
  const features = [...PLAN_FEATURES[plan]];
  const contacts = features.findIndex((feature) => feature.endsWith('Contacts'));
  features.splice(contacts + 1, 0, planStorageFeature(plan));
  return features;
};

export const PLAN_TAGLINES: Record<PlanName, string> = {
  Kickstarter: 'For creators launching their first course.',
  Basic: 'For growing schools with a few products.',
  Growth: 'For established schools that need it all.',
};

const CATEGORY: Record<BillingType, Record<PlanName, PlanCategory>> = {
  monthly: { Kickstarter: 'MonthlyKickstart', Basic: 'MonthlyBasic', Growth: 'MonthlyGrowth' },
  annual: { Kickstarter: 'AnnualKickstart', Basic: 'AnnualBasic', Growth: 'AnnualGrowth' },
};

const PRICE_FIELD: Record<BillingType, Record<PlanName, keyof PricingRecord>> = {
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
