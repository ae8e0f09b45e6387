import { PageHeader } from '@/components/ui/page-header';
import { TeamOverview } from '@/features/team/components/team';

/** Team (sidebar, /admin/team): who runs the school, with which role; invitations; the audit log. */
export const TeamScreen = () => (
  <>
    <PageHeader
      title="Team"
      description="Invite owners, admins and instructors, choose what each may do, and see who changed what."
    />
    <TeamOverview />
  </>
);
