import { Alert } from '@/components/ui/alert';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useMyRole, useTeam } from '../api/team';
import { AuditLog } from './audit-log';
import { InviteCard } from './invite-card';
import { MembersCard } from './members-card';
import { OwnershipCard } from './ownership-card';

/**
 * The Team screen (docs/decisions/039): the members and seats, inviting and the pending invitations, the
 * owner's hand-over and leaving, and the audit log. Owners and admins only (the server refuses others).
 */
export const TeamOverview = () => {
  const t = useT();
  const myRole = useMyRole();
  const team = useTeam();
  if (myRole.isPending || team.isPending) return <LoadingBlock label={t('admin.team.loading')} />;
  if (myRole.isError || team.isError) {
    return <Alert>{errorMessage(myRole.error ?? team.error, t('admin.team.loadFailed'))}</Alert>;
  }
  const viewer = myRole.data.role;
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <MembersCard team={team.data} viewer={viewer} />
      <InviteCard viewer={viewer} />
      <OwnershipCard team={team.data} viewer={viewer} school={myRole.data.org_name} />
      <AuditLog />
    </div>
  );
};
