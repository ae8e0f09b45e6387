import { TEAM_ROLES, type Team, type TeamMember, type TeamRole } from '@skillwise/contracts';
import { useState } from 'react';
import { RowButton } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { type DataColumn, DataList } from '@/components/ui/data-list';
import { Select } from '@/components/ui/input';
import { TitledCard } from '@/components/ui/titled-card';
import { formatCount, formatDateTime } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';
import { storage } from '@/lib/storage';
import { notify, notifyFailure } from '@/lib/toast';
import { useChangeMemberRole, useRemoveMember, useTeamMembers } from '../api/team';
import { InstructorCoursesDialog } from './instructor-courses-dialog';

/** The roles a viewer may give: an owner any, an admin all but owner (only an owner makes an owner). */
export const rolesGivenBy = (viewer: TeamRole): readonly TeamRole[] =>
  viewer === 'owner' ? TEAM_ROLES : TEAM_ROLES.filter((role) => role !== 'owner');

/** Whether a viewer may change or remove a member: not themself, and an owner only by an owner. */
const mayManage = (viewer: TeamRole, member: TeamMember, isSelf: boolean) =>
  !isSelf && viewer !== 'instructor' && (member.role !== 'owner' || viewer === 'owner');

const RoleSelect = ({ member, viewer }: { member: TeamMember; viewer: TeamRole }) => {
  const t = useT();
  const change = useChangeMemberRole();
  const [role, setRole] = useState<TeamRole>(member.role);
  const [shown, setShown] = useState(member.role);
  // The server's answer wins once read again (another owner may have changed it meanwhile).
  if (shown !== member.role) {
    setShown(member.role);
    setRole(member.role);
  }
  return (
    <Select
      aria-label={t('admin.team.members.roleOf', { name: member.full_name })}
      value={role}
      disabled={change.isPending}
      className="sm:min-w-36"
      onChange={(event) => {
        const next = event.target.value as TeamRole;
        setRole(next);
        change.mutate(
          { user_Id: member.user_Id, role: next },
          {
            onSuccess: () =>
              notify.success(
                t('admin.team.members.roleChanged', {
                  name: member.full_name,
                  role: t(`site.team.role.${next}`),
                }),
              ),
            onError: (error) => {
              setRole(member.role);
              notifyFailure(error, t('admin.team.members.roleFailed'));
            },
          },
        );
      }}
    >
      {rolesGivenBy(viewer).map((option) => (
        <option key={option} value={option}>
          {t(`site.team.role.${option}`)}
        </option>
      ))}
    </Select>
  );
};

type MembersCardProps = { team: Team; viewer: TeamRole };

/**
 * The team's members (docs/decisions/039): name, e-mail, role and last login; an owner or admin changes a
 * role, gives an instructor courses and removes a member. The seats the plan has head the card.
 */
export const MembersCard = ({ team, viewer }: MembersCardProps) => {
  const t = useT();
  const members = useTeamMembers();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [giving, setGiving] = useState<TeamMember | null>(null);
  const selfId = Number(storage.get('userId'));
  const { seats } = team;

  const columns: ReadonlyArray<DataColumn<TeamMember>> = [
    {
      header: t('admin.team.members.name'),
      // The name with the e-mail under it, in the table and on a phone's card alike.
      cell: (member) => (
        <>
          <p className="font-semibold break-words text-slate-900">
            {member.full_name}
            {member.user_Id === selfId ? (
              <span className="font-normal text-slate-500"> {t('admin.team.members.you')}</span>
            ) : null}
          </p>
          <p className="text-sm wrap-anywhere text-slate-600">{member.email}</p>
        </>
      ),
      className: 'max-w-72',
      card: 'title',
    },
    {
      header: t('admin.team.members.role'),
      cell: (member) =>
        mayManage(viewer, member, member.user_Id === selfId) ? (
          <RoleSelect member={member} viewer={viewer} />
        ) : (
          <Chip tone={member.role === 'owner' ? 'brand' : 'muted'}>{t(`site.team.role.${member.role}`)}</Chip>
        ),
      card: 'field',
    },
    {
      header: t('admin.team.members.lastLogin'),
      cell: (member) =>
        member.last_login_at ? formatDateTime(member.last_login_at) : t('admin.team.members.never'),
      className: 'whitespace-nowrap text-slate-600',
      card: 'field',
    },
    {
      header: t('admin.team.members.actions'),
      hideHeader: true,
      align: 'end',
      card: 'line',
      cell: (member) =>
        mayManage(viewer, member, member.user_Id === selfId) ? (
          <div className="flex flex-wrap justify-end gap-2 lg:flex-nowrap">
            {member.role === 'instructor' ? (
              <RowButton
                onClick={() => setGiving(member)}
                label={t('admin.team.courses.of', { name: member.full_name })}
              >
                {t('admin.team.members.courses', { count: formatCount(member.course_Ids.length) })}
              </RowButton>
            ) : null}
            <RowButton
              onClick={() => setRemoving(member)}
              label={t('admin.team.members.removeLabel', { name: member.full_name })}
            >
              {t('admin.team.members.remove')}
            </RowButton>
          </div>
        ) : null,
    },
  ];

  return (
    <TitledCard
      title={t('admin.team.members.title')}
      description={t('admin.team.members.description')}
      actions={
        <p className="text-sm text-slate-600" data-seats>
          <T
            id={seats.plan ? 'admin.team.members.seatsPlan' : 'admin.team.members.seats'}
            values={{
              count: seats.limit,
              used: formatCount(seats.used),
              limit: formatCount(seats.limit),
              plan: seats.plan ?? '',
            }}
            components={{ 0: <span className="font-semibold text-slate-900" /> }}
          />
        </p>
      }
    >
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <DataList
          variant="inset"
          label={t('admin.team.members.label')}
          query={members}
          rowKey={(member) => member.user_Id}
          columns={columns}
          headerCase="as-written"
          tableClassName="min-w-[720px]"
          loadingLabel={t('admin.team.members.loading')}
          errorText={t('admin.team.members.loadFailed')}
          empty={null}
        />
      </div>
      <RemoveDialog
        item={removing}
        title={t('admin.team.members.removeTitle')}
        message={(member) =>
          t('admin.team.members.removeMessage', { name: member.full_name, email: member.email })
        }
        confirmLabel={t('admin.team.members.remove')}
        busyLabel={t('admin.team.members.removing')}
        onClose={() => setRemoving(null)}
        remove={(member) => remove.mutateAsync(member.user_Id)}
        done={(member) => t('admin.team.members.removed', { name: member.full_name })}
        failed={t('admin.team.members.removeFailed')}
      />
      {giving ? <InstructorCoursesDialog member={giving} onClose={() => setGiving(null)} /> : null}
    </TitledCard>
  );
};
