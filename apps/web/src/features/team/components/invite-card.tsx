import type { TeamInvite, TeamRole } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, RowButton } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { DataList } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useInviteMember, useRevokeInvite, useTeamInvites } from '../api/team';
import { rolesGivenBy } from './members-card';

/** The roles to invite as, each with what it may do (site.team.roleDescription). */
const RoleChoice = ({
  roles,
  value,
  onChange,
}: {
  roles: readonly TeamRole[];
  value: TeamRole;
  onChange: (role: TeamRole) => void;
}) => {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('admin.team.invite.role')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {roles.map((role) => (
          <label
            key={role}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border p-3 hover:bg-slate-50',
              value === role ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200',
            )}
          >
            <input
              type="radio"
              name="invite_role"
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span className="text-sm">
              <span className="block font-medium text-slate-800">{t(`site.team.role.${role}`)}</span>
              <span className="block text-slate-600">{t(`site.team.roleDescription.${role}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
};

const InviteItem = ({ invite, onRevoke }: { invite: TeamInvite; onRevoke: () => void }) => {
  const t = useT();
  const dates = { sent: formatDate(invite.created_at), expires: formatDate(invite.expires_at) };
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-all text-slate-900">{invite.email}</p>
          <Chip tone="muted">{t(`site.team.role.${invite.role}`)}</Chip>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {invite.invited_by
            ? t('admin.team.invite.datesBy', { ...dates, inviter: invite.invited_by })
            : t('admin.team.invite.dates', dates)}
        </p>
      </div>
      <RowButton onClick={onRevoke} label={t('admin.team.invite.revokeLabel', { email: invite.email })}>
        {t('admin.team.invite.revoke')}
      </RowButton>
    </div>
  );
};

/**
 * Invite a member (docs/decisions/039): an e-mail address and a role; the server mails a link that works
 * once for 7 days and says when no seat is free or the address is already on the team or invited. The
 * pending invitations follow, each revocable.
 */
export const InviteCard = ({ viewer }: { viewer: TeamRole }) => {
  const t = useT();
  const invite = useInviteMember();
  const revoke = useRevokeInvite();
  const invites = useTeamInvites();
  const [revoking, setRevoking] = useState<TeamInvite | null>(null);
  const form = useForm<{ email: string; role: TeamRole }>({
    initial: { email: '', role: 'instructor' },
    validate: (v) => (v.email.trim() ? null : { fields: { email: t('admin.team.invite.emailRequired') } }),
    serverFields: { email: 'email', role: 'role' },
  });
  const onSubmit = form.handleSubmit(async ({ email, role }) => {
    await invite.mutateAsync({ email: email.trim(), role });
    notify.success(t('admin.team.invite.sent'));
    form.reset();
  });
  const failure = form.failureMessage(t('admin.team.invite.sendFailed'));

  return (
    <TitledCard title={t('admin.team.invite.title')} description={t('admin.team.invite.description')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label={t('admin.team.invite.email')}
          name="invite_email"
          type="email"
          autoComplete="off"
          {...form.field('email')}
        />
        <RoleChoice
          roles={rolesGivenBy(viewer)}
          value={form.values.role}
          onChange={(role) => form.setValue('role', role)}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div>
          <Button type="submit" isLoading={form.isSubmitting} loadingText={t('admin.team.invite.sending')}>
            {t('admin.team.invite.send')}
          </Button>
        </div>
      </form>
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <h3 className="px-5 pt-4 text-sm font-semibold text-slate-900 sm:px-6">
          {t('admin.team.invite.pending')}
        </h3>
        <DataList
          variant="inset"
          label={t('admin.team.invite.pending')}
          query={invites}
          rowKey={(row) => row.invite_Id}
          item={(row) => <InviteItem invite={row} onRevoke={() => setRevoking(row)} />}
          itemProps={(row) => ({ 'data-invite': row.email })}
          loadingLabel={t('admin.team.invite.loading')}
          errorText={t('admin.team.invite.loadFailed')}
          empty={
            <div className="p-5 sm:p-6">
              <EmptyState title={t('admin.team.invite.none')} hint={t('admin.team.invite.noneHint')} />
            </div>
          }
        />
      </div>
      <RemoveDialog
        item={revoking}
        title={t('admin.team.invite.revokeTitle')}
        message={({ email }) => t('admin.team.invite.revokeMessage', { email })}
        confirmLabel={t('admin.team.invite.revoke')}
        busyLabel={t('admin.team.invite.revoking')}
        onClose={() => setRevoking(null)}
        remove={(invitation) => revoke.mutateAsync(invitation.invite_Id)}
        done={({ email }) => t('admin.team.invite.revoked', { email })}
        failed={t('admin.team.invite.revokeFailed')}
      />
    </TitledCard>
  );
};
