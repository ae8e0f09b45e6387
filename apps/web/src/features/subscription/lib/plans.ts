import {
  formatBytes,
  PLAN_STORAGE_BYTES,
  type PlanCategory,
  type PlanFeature,
  type PlanName,
  type PricingRecord,
} from '@skillwise/contracts';

export type BillingType = 'monthly' | 'annual';

/** One item of a plan's card: the server's (docs/decisions/038), or the storage allowance. */
export type CardItem = Pick<PlanFeature, 'text' | 'included' | 'note'>;

/** The plan's storage allowance as a feature (README "Additions"): "50 GB of file storage". */
export const planStorageFeature = (plan: PlanName) =>
  `${formatBytes(PLAN_STORAGE_BYTES[plan])} of file storage`;

/**
 * What a plan's card lists: the server's items (SPEC §2.15's texts as the operator keeps them, each
 * included or not), with the storage allowance after the contacts. None before the server answers.
 */
export const planFeatures = (pricing: PricingRecord | undefined, plan: PlanName): CardItem[] => {
  const features: CardItem[] = [...(pricing?.features?.[plan] ?? [])];
  if (features.length === 0) return features;
  const contacts = (pricing?.features?.[plan] ?? []).findIndex((item) => item.capability === 'contacts');
  features.splice(contacts + 1, 0, { text: planStorageFeature(plan), included: true, note: null });
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
