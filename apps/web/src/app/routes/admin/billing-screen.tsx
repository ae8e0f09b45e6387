import { Screen } from '@/components/ui/page-header';
import { PlanOverview } from '@/features/subscription/components/plan-overview';

/** Plan & billing (sidebar, /admin/billing): the organisation's plan, its payments and its storage. */
export const BillingScreen = () => (
  <Screen texts="admin.adminRoutes.billing">
    <PlanOverview />
  </Screen>
);
