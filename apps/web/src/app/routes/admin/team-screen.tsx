import { PageHeader } from '@/components/ui/page-header';
import { TeamOverview } from '@/features/team/components/team';
import { useT } from '@/lib/i18n/use-t';

/** Team (sidebar, /admin/team): who runs the school, with which role; invitations; the audit log. */
export const TeamScreen = () => {
  const t = useT();
  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.team.title')}
        description={t('admin.adminRoutes.team.description')}
      />
      <TeamOverview />
    </>
  );
};
