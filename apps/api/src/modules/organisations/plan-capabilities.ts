import type { PlanCapability } from '@skillwise/contracts';

/**
 * Whether this installation's software provides what a plan card's item stands for (docs/decisions/038),
 * decided here alone: true only where the feature's code exists. An item the operator marked included or
 * not (`npm run plan-features`) follows the operator instead.
 */
export function capabilityProvided(capability: PlanCapability): boolean {
  switch (capability) {
    // Enforced on every new course and every new student (plan-limits.ts).
    case 'products':
    case 'contacts':
      return true;
    // A school's e-mails to its students, Kickstarter's monthly allowance enforced (docs/decisions/036).
    case 'marketing_emails':
      return true;
    // A school has no public site or pages of its own: the installation's one landing page and a
    // public page per course are all there is.
    case 'website':
    case 'landing_pages':
      return false;
    // Signed webhooks to a school's endpoints, with API keys, on Growth (docs/decisions/037).
    case 'webhooks':
      return true;
    // A team of owners, admins and instructors, its seats by plan (docs/decisions/039).
    case 'admin_users':
      return true;
    // Not built: integrations on Basic (webhooks and API keys are Growth's), the installation's own
    // address and look.
    case 'integrations':
    case 'custom_domain':
    case 'custom_branding':
      return false;
    // Not software, or not in it: only the operator can say they are provided.
    case 'community':
    case 'ai':
    case 'creator_studio':
    case 'affiliates':
    case 'onboarding_call':
    case 'support':
    case 'other':
      return false;
  }
}
