import {
  type Locale,
  MSG,
  type Organisation,
  PLAN_CATEGORIES,
  PLANS,
  type PlanCategory,
  type PlanFeature,
  type PlanName,
  type PricingRecord,
  type RegisterResponse,
  ROLE,
  type SubscriptionTypeCategory,
} from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { deleteUser, findUserByEmail, insertUser } from '../../db/queries/users';
import { hashPassword } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { EMAIL_LOOKUP, type RateLimiter } from '../../lib/rate-limit';
import type { Actor } from '../../plugins/auth';
import { mayReadOrganisation } from '../access/access';
import { type AccountService, emailTaken } from '../users/users.service';
import {
  deleteOrganisation,
  findActiveSubscription,
  findOrganisation,
  findPaidThrough,
  insertOrganisation,
  listPlanFeatures,
  listPlanPrices,
} from './organisations.repository';
import { capabilityProvided } from './plan-capabilities';

const asCategory = (value: string): PlanCategory | null =>
  (PLAN_CATEGORIES as readonly string[]).includes(value) ? (value as PlanCategory) : null;
const asPlan = (value: string): PlanName | null =>
  (PLANS as readonly string[]).includes(value) ? (value as PlanName) : null;

/** Cents to the dollars the API shows (DESIGN: money is stored in cents). */
export const dollars = (cents: number) => Math.round(cents) / 100;

export type RegisterOrgInput = {
  org_Name: string;
  org_url: string;
  org_Description?: string | null | undefined;
  primary_email: string;
  fullName: string;
  password: string;
  language?: Locale | undefined;
};

export class OrganisationService {
  constructor(private readonly deps: { db: Db; limiter: RateLimiter; accounts: AccountService }) {}

  /** An organisation and its publisher account (role 1), unverified until the e-mailed code is entered. */
  async register(input: RegisterOrgInput, ip: string): Promise<RegisterResponse> {
    const { db, limiter, accounts } = this.deps;
    await limiter.limitAddress(EMAIL_LOOKUP, ip);
    if (await findUserByEmail(db, input.primary_email)) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    const user = await accounts.createAccountWithCode(
      (database) =>
        database.transaction(async (tx) => {
          const org = await insertOrganisation(tx, {
            name: input.org_Name,
            url: input.org_url,
            description: input.org_Description ?? null,
            primaryEmail: input.primary_email,
          });
          return insertUser(tx, {
            email: input.primary_email,
            passwordHash,
            fullName: input.fullName,
            roleId: ROLE.PUBLISHER,
            orgId: org.id,
            isActive: false,
            verified: false,
            language: input.language ?? null,
          });
        }),
      async (created) => {
        await deleteUser(db, created.id);
        if (created.orgId !== null) await deleteOrganisation(db, created.orgId);
      },
    );
    return { message: MSG.registrationSuccess, user_id: user.id, org_Id: user.orgId };
  }

  /** Only the organisation's own staff read its record; for anyone else it does not exist (404). */
  async getById(actor: Actor, orgId: number): Promise<Organisation> {
    const { db } = this.deps;
    if (!mayReadOrganisation(actor, orgId)) throw notFound('Organisation');
    const org = await findOrganisation(db, orgId);
    if (!org) throw notFound('Organisation');
    const subscription = await findActiveSubscription(db, orgId);
    // How long the organisation is paid without a gap (a renewal or a queued plan included).
    const paidThrough = subscription ? await findPaidThrough(db, orgId) : undefined;
    return {
      org_Id: org.id,
      org_Name: org.name,
      org_url: org.url,
      org_Description: org.description,
      primary_email: org.primaryEmail,
      is_active: org.isActive,
      isSubscribed: subscription !== undefined,
      subscriptionStatus: subscription ? 'active' : 'inactive',
      subscriptionCategory: subscription ? asCategory(subscription.category) : null,
      plan: subscription ? asPlan(subscription.plan) : null,
      subscriptionEndsAt: (paidThrough ?? subscription?.periodEnd)?.toISOString() ?? null,
      created_date: org.createdAt.toISOString(),
    };
  }

  async subscriptionTypes(): Promise<SubscriptionTypeCategory[]> {
    const rows = await listPlanPrices(this.deps.db);
    return rows.flatMap((row) => {
      const category = asCategory(row.category);
      const plan = asPlan(row.plan);
      if (!category || !plan) return [];
      return [
        {
          subscriptionCategory_Id: row.id,
          subscriptionCategoryType: category,
          plan,
          billingType: row.billingType,
          months: row.months,
          price: dollars(row.amountCents),
          currency: row.currency,
          maxProducts: row.maxProducts,
          maxContacts: row.maxContacts,
        },
      ];
    });
  }

  /**
   * GET pricingplan: one record of the six prices, as the first element of a list (SPEC §3), with each
   * plan's card (docs/decisions/038): an item is included as the operator said, or else as the software
   * provides it.
   */
  async pricing(): Promise<PricingRecord[]> {
    const [prices, items] = await Promise.all([listPlanPrices(this.deps.db), listPlanFeatures(this.deps.db)]);
    const byCategory = new Map(prices.map((r) => [r.category, dollars(r.amountCents)]));
    const features: Record<PlanName, PlanFeature[]> = { Kickstarter: [], Basic: [], Growth: [] };
    for (const item of items) {
      const plan = asPlan(item.plan);
      if (!plan) continue;
      features[plan].push({
        text: item.text,
        capability: item.capability,
        included: item.included ?? capabilityProvided(item.capability),
        note: item.note,
      });
    }
    const price = (category: PlanCategory) => byCategory.get(category) ?? 0;
    return [
      {
        monthlyKickstart: price('MonthlyKickstart'),
        annualKickstart: price('AnnualKickstart'),
        monthlyBasic: price('MonthlyBasic'),
        annualBasic: price('AnnualBasic'),
        monthlyGrowth: price('MonthlyGrowth'),
        annualGrowth: price('AnnualGrowth'),
        features,
      },
    ];
  }
}
