import {
  type AssignedCourse,
  type CourseListItem,
  PLANS,
  type PlanFeature,
  type PlanName,
  type PricingRecord,
  SPEC_PLAN_FEATURES,
} from '@skillwise/contracts';

/** A catalogue row as the list calls answer it; tests override what they look at. */
export const courseItem = (course_Id: number, fields: Partial<CourseListItem> = {}): CourseListItem => ({
  course_Id,
  course_title: `Course ${course_Id}`,
  course_description: '',
  course_image: null,
  price: 10,
  price_type_Id: 1,
  category_Id: 1,
  author_id: 1,
  certificate: false,
  org_Id: 1,
  published: true,
  first_name: 'Maria',
  last_name: 'Silva',
  bio: '',
  profile_picturePath: null,
  ...fields,
});

/** A student's course as GetAssignedCourses answers it. */
export const assignedCourse = (course_Id: number, fields: Partial<AssignedCourse> = {}): AssignedCourse => ({
  ...courseItem(course_Id),
  progress: '0%',
  source: 'assigned',
  enrolled_date: '2026-03-04T10:00:00.000Z',
  ...fields,
});

/** The pricing record of GET pricingplan (SPEC §3), in dollars. */
export const PRICES: PricingRecord = {
  monthlyKickstart: 39,
  annualKickstart: 374.4,
  monthlyBasic: 99,
  annualBasic: 950.4,
  monthlyGrowth: 199,
  annualGrowth: 1910.4,
  // As a new installation answers: the spec's cards, what the software provides included (the enforced
  // limits, e-mails to students, webhooks, school sites with their domains and brands;
  // modules/organisations/plan-capabilities.ts).
  features: Object.fromEntries(
    PLANS.map((plan) => [
      plan,
      SPEC_PLAN_FEATURES[plan].map(
        (item): PlanFeature => ({
          text: item.text,
          capability: item.capability,
          included: [
            'products',
            'contacts',
            'marketing_emails',
            'webhooks',
            'website',
            'custom_domain',
            'custom_branding',
          ].includes(item.capability),
          note: item.note ?? null,
        }),
      ),
    ]),
  ) as Record<PlanName, PlanFeature[]>,
};
