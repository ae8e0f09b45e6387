import { PageHeader } from '@/components/ui/page-header';
import { PlanOverview } from '@/features/subscription/components/plan-overview';
import { useT } from '@/lib/i18n/use-t';

/** Plan & billing (sidebar, /admin/billing): the organisation's plan, its payments and its storage. */
export const BillingScreen = () => {
  const t = useT();
  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.billing.title')}
        description={t('admin.adminRoutes.billing.description')}
      />
      <PlanOverview />
    </>
  );
};
