import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ReadOnlyEmailField, TextField } from '@/components/ui/field';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useChangeStudentProfile, useStudentProfile } from '../api/students';

type FormProps = { email: string; fullName: string };

const ProfileForm = ({ email, fullName: initialName }: FormProps) => {
  const t = useT();
  const change = useChangeStudentProfile();
  const form = useForm({
    initial: { fullName: initialName, isChangingPassword: false, password: '' },
    validate: ({ fullName }) =>
      fullName.trim() === ''
        ? { problem: t('admin.students.profile.nameRequired'), fields: { fullName: true } }
        : {},
    serverFields: { fullName: 'fullName', password: 'password' },
  });
  const { isChangingPassword } = form.values;

  const onSubmit = form.handleSubmit(async ({ fullName, password }) => {
    await change.mutateAsync({
      email,
      fullName: fullName.trim(),
      ...(isChangingPassword && password ? { password } : {}),
    });
    // SPEC §2.14 then goes to /login, which would sign the school out of its own work: it stays on the
    // student's Information, saved, the new password typed away (decision 015).
    notify.success(t('common.msg.profileUpdated'));
    form.reset({ fullName: fullName.trim(), isChangingPassword: false, password: '' });
  });

  // 403: a student who signed up alone is theirs to edit, not the publisher's; the server says so.
  const problem = form.problem ?? form.failureMessage(t('admin.students.profile.saveFailed'));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={t('admin.students.profile.fullName')}
        name="fullName"
        required
        {...form.field('fullName')}
      />
      <ReadOnlyEmailField value={email} hint={t('admin.students.profile.emailFixed')} />
      <label className="flex cursor-pointer items-center gap-3 self-start text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={isChangingPassword}
          onChange={(event) => {
            form.setValue('isChangingPassword', event.target.checked);
            form.setValue('password', '');
          }}
          className="size-4 accent-brand-600"
        />
        {t('admin.students.profile.changePassword')}
      </label>
      {isChangingPassword ? (
        <TextField
          label={t('admin.students.profile.newPassword')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
        />
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <div>
        <Button type="submit" isLoading={form.isSubmitting} loadingText={t('admin.students.saving')}>
          {t('admin.students.save')}
        </Button>
      </div>
    </form>
  );
};

/**
 * A student who signed up alone (or has since chosen their own password) manages their own account:
 * the school sees it, and is told why it cannot change it, instead of a form that would be refused.
 */
const ReadOnlyProfile = ({ fullName, email }: { fullName: string; email: string }) => {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">{t('admin.students.profile.fullName')}</dt>
          <dd className="mt-1 font-semibold break-words text-slate-900">{fullName}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">{t('admin.students.profile.email')}</dt>
          <dd className="mt-1 font-semibold break-all text-slate-900">{email}</dd>
        </div>
      </dl>
      <Alert tone="info">{t('admin.students.profile.ownAccount')}</Alert>
    </div>
  );
};

/** SPEC §2.14 Information: Full Name editable, Email read-only, an optional new password, Save. */
export const StudentProfile = ({ email }: { email: string }) => {
  const t = useT();
  const profile = useStudentProfile(email);
  return (
    <Card className="max-w-2xl p-6">
      <h2 className="mb-5 text-lg font-semibold text-slate-900">{t('admin.students.profile.title')}</h2>
      {profile.isPending ? (
        <LoadingBlock label={t('admin.students.profile.loading')} />
      ) : profile.isError ? (
        <Alert>{errorMessage(profile.error, t('admin.students.profile.loadFailed'))}</Alert>
      ) : profile.data.can_edit === false ? (
        <ReadOnlyProfile fullName={profile.data.fullName} email={profile.data.email} />
      ) : (
        <ProfileForm key={profile.data.user_id} email={profile.data.email} fullName={profile.data.fullName} />
      )}
    </Card>
  );
};
