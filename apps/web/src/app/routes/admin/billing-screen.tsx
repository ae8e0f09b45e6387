import { PageHeader } from '@/components/ui/page-header';
import { PlanOverview } from '@/features/subscription/components/plan-overview';

/** Plan & billing (sidebar, /admin/billing): the organisation's plan, its payments and its storage. */
export const BillingScreen = () => (
  <>
    <PageHeader
      title="Plan & billing"
      description="Your organisation’s plan, when it is paid through, and the storage it uses."
    />
    <PlanOverview />
  </>
);
