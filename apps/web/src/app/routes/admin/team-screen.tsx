import { Screen } from '@/components/ui/page-header';
import { TeamOverview } from '@/features/team/components/team';

/** Team (sidebar, /admin/team): who runs the school, with which role; invitations; the audit log. */
export const TeamScreen = () => (
  <Screen texts="admin.adminRoutes.team">
    <TeamOverview />
  </Screen>
);
