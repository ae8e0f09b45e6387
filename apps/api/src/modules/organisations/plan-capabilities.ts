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
    // Each school's own site at /s/{slug} with its catalogue, course pages and sign-up (docs/decisions/040).
    case 'website':
      return true;
    // The site is one page with the school's catalogue: a school still makes no pages of its own, let
    // alone unlimited ones.
    case 'landing_pages':
      return false;
    // A school's own domain for its site on Growth (docs/decisions/040), and its own name, logo and
    // colour on its site and course pages.
    case 'custom_domain':
    case 'custom_branding':
      return true;
    // Signed webhooks to a school's endpoints, with API keys, on Growth (docs/decisions/037).
    case 'webhooks':
      return true;
    // A team of owners, admins and instructors, its seats by plan (docs/decisions/039).
    case 'admin_users':
      return true;
    // Not built: integrations on Basic (webhooks and API keys are Growth's).
    case 'integrations':
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
