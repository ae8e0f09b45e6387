import { PASSWORD_MAX, ROLE, type Team, type TeamRole } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, SubmitButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField, TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify, notifyFailure } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useLeaveTeam, useTransferOwnership } from '../api/team';

/**
 * Leave team: the member leaves its school's team and its account is a student account again
 * (docs/decisions/039), so the student area opens. The last owner cannot (the server says so).
 */
export const LeaveTeamButton = ({ school }: { school: string }) => {
  const t = useT();
  const leave = useLeaveTeam();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isAsking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        {t('admin.team.leave.button')}
      </Button>
      <ConfirmDialog
        open={isAsking}
        title={t('admin.team.leave.title')}
        message={t('admin.team.leave.message', { school })}
        confirmLabel={t('admin.team.leave.button')}
        busyLabel={t('admin.team.leave.leaving')}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await leave.mutateAsync(undefined);
          } catch (error) {
            notifyFailure(error, t('admin.team.leave.failed'));
            throw error;
          }
          storage.set('currentUserRole', ROLE.STUDENT);
          storage.remove('orgId');
          storage.remove('componentKey');
          queryClient.clear();
          notify.success(t('admin.team.leave.left', { school }));
          void navigate(paths.students.root);
        }}
      />
    </>
  );
};

/** Hand over ownership: another member becomes an owner and the owner an admin, proven with the password. */
const HandOver = ({ team }: { team: Team }) => {
  const t = useT();
  const transfer = useTransferOwnership();
  const selfId = Number(storage.get('userId'));
  const others = team.members.filter((member) => member.user_Id !== selfId);
  const [isAsking, setAsking] = useState(false);
  const form = useForm({
    initial: { userId: '', password: '' },
    validate: (v) => {
      const fields: Partial<Record<'userId' | 'password', string>> = {};
      if (!v.userId) fields.userId = t('admin.team.handOver.chooseRequired');
      if (!v.password) fields.password = t('admin.team.handOver.passwordRequired');
      return Object.keys(fields).length ? { fields } : null;
    },
    serverFields: { userId: 'user_Id', password: 'password' },
  });
  const chosen = others.find((member) => String(member.user_Id) === form.values.userId);
  const onSubmit = form.handleSubmit(async ({ userId, password }) => {
    await transfer.mutateAsync({ user_Id: Number(userId), password });
    notify.success(
      chosen
        ? t('admin.team.handOver.done', { name: chosen.full_name })
        : t('admin.team.handOver.doneUnnamed'),
    );
    form.reset();
  });
  const failure = form.failureMessage(t('admin.team.handOver.failed'));
  if (others.length === 0) {
    return <p className="text-sm text-slate-600">{t('admin.team.handOver.noOthers')}</p>;
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.values.userId && form.values.password) setAsking(true);
        else onSubmit(event);
      }}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('admin.team.handOver.newOwner')}
          name="new_owner"
          placeholder={t('admin.team.handOver.chooseMember')}
          options={others.map((member) => ({
            value: member.user_Id,
            label: `${member.full_name} (${member.email})`,
          }))}
          {...form.field('userId')}
        />
        <TextField
          label={t('admin.team.handOver.password')}
          name="owner_password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...form.field('password')}
        />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <div>
        <SubmitButton form={form} variant="outline" loadingText={t('admin.team.handOver.handingOver')}>
          {t('admin.team.handOver.button')}
        </SubmitButton>
      </div>
      <ConfirmDialog
        open={isAsking}
        title={t('admin.team.handOver.title')}
        message={t('admin.team.handOver.message', { name: chosen?.full_name ?? '' })}
        confirmLabel={t('admin.team.handOver.confirm')}
        busyLabel={t('admin.team.handOver.handingOver')}
        tone="primary"
        onClose={() => setAsking(false)}
        onConfirm={async () => onSubmit()}
      />
    </form>
  );
};

/** The owner's and admin's own place on the team: hand over ownership (owners), leave (not the last owner). */
export const OwnershipCard = ({ team, viewer, school }: { team: Team; viewer: TeamRole; school: string }) => {
  const t = useT();
  const owners = team.members.filter((member) => member.role === 'owner').length;
  const mayLeave = viewer !== 'owner' || owners > 1;
  if (viewer !== 'owner' && !mayLeave) return null;
  return (
    <TitledCard
      title={viewer === 'owner' ? t('admin.team.ownership.title') : t('admin.team.yourPlace')}
      description={
        viewer === 'owner'
          ? t('admin.team.ownership.description')
          : t('admin.team.ownership.leaveDescription')
      }
    >
      {viewer === 'owner' ? <HandOver team={team} /> : null}
      {mayLeave ? (
        <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{t('admin.team.staysYours')}</p>
          <LeaveTeamButton school={school} />
        </div>
      ) : null}
    </TitledCard>
  );
};
