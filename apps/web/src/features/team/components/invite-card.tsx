import {
  TEAM_MSG,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  type TeamInvite,
  type TeamRole,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataList } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { notify, notifyFailure } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useInviteMember, useRevokeInvite, useTeamInvites } from '../api/team';
import { rolesGivenBy } from './members-card';

/** The roles to invite as, each with what it may do (TEAM_ROLE_DESCRIPTIONS). */
const RoleChoice = ({
  roles,
  value,
  onChange,
}: {
  roles: readonly TeamRole[];
  value: TeamRole;
  onChange: (role: TeamRole) => void;
}) => (
  <fieldset className="flex flex-col gap-2">
    <legend className="mb-1.5 text-sm font-medium text-slate-700">Role</legend>
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
            <span className="block font-medium text-slate-800">{TEAM_ROLE_LABELS[role]}</span>
            <span className="block text-slate-600">{TEAM_ROLE_DESCRIPTIONS[role]}</span>
          </span>
        </label>
      ))}
    </div>
  </fieldset>
);

const InviteItem = ({ invite, onRevoke }: { invite: TeamInvite; onRevoke: () => void }) => (
  <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-6">
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold break-all text-slate-900">{invite.email}</p>
        <Chip tone="muted">{TEAM_ROLE_LABELS[invite.role]}</Chip>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {invite.invited_by ? `Invited by ${invite.invited_by} · ` : ''}Sent {formatDate(invite.created_at)} ·
        Expires {formatDate(invite.expires_at)}
      </p>
    </div>
    <Button
      size="sm"
      variant="outline"
      onClick={onRevoke}
      aria-label={`Revoke the invitation of ${invite.email}`}
    >
      Revoke
    </Button>
  </div>
);

/**
 * Invite a member (docs/decisions/039): an e-mail address and a role; the server mails a link that works
 * once for 7 days and says when no seat is free or the address is already on the team or invited. The
 * pending invitations follow, each revocable.
 */
export const InviteCard = ({ viewer }: { viewer: TeamRole }) => {
  const invite = useInviteMember();
  const revoke = useRevokeInvite();
  const invites = useTeamInvites();
  const [revoking, setRevoking] = useState<TeamInvite | null>(null);
  const form = useForm<{ email: string; role: TeamRole }>({
    initial: { email: '', role: 'instructor' },
    validate: (v) => (v.email.trim() ? null : { fields: { email: 'Enter the e-mail address to invite.' } }),
    serverFields: { email: 'email', role: 'role' },
  });
  const onSubmit = form.handleSubmit(async ({ email, role }) => {
    await invite.mutateAsync({ email: email.trim(), role });
    notify.success(TEAM_MSG.invited);
    form.reset();
  });
  const failure = form.failureMessage('The invitation could not be sent. Please try again.');

  return (
    <TitledCard
      title="Invite a member"
      description="They get an e-mail with a link that works once, for 7 days, and accept it with that address."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label="Email Address"
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
          <Button type="submit" isLoading={form.isSubmitting} loadingText="Sending...">
            Send invitation
          </Button>
        </div>
      </form>
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <h3 className="px-5 pt-4 text-sm font-semibold text-slate-900 sm:px-6">Pending invitations</h3>
        <DataList
          variant="inset"
          label="Pending invitations"
          query={invites}
          rowKey={(row) => row.invite_Id}
          item={(row) => <InviteItem invite={row} onRevoke={() => setRevoking(row)} />}
          itemProps={(row) => ({ 'data-invite': row.email })}
          loadingLabel="Loading invitations..."
          errorText="The invitations could not be loaded."
          empty={
            <div className="p-5 sm:p-6">
              <EmptyState
                title="No pending invitations"
                hint="Invitations you send wait here until accepted."
              />
            </div>
          }
        />
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invitation?"
        message={`The link sent to ${revoking?.email ?? ''} stops working and its seat is free again.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.invite_Id);
            notify.success(`The invitation of ${revoking.email} is revoked.`);
          } catch (error) {
            notifyFailure(error, 'The invitation could not be revoked. Please try again.');
            throw error;
          }
        }}
      />
    </TitledCard>
  );
};
