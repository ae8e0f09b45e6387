import { MSG } from '@skillwise/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, TextField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useChangeStudentProfile, useStudentProfile } from '../api/students';

type StudentProfileProps = {
  email: string;
  /** SPEC §2.14: after a successful save the page moves on (to /login). */
  onSaved: () => void;
};

type FormProps = StudentProfileProps & { fullName: string };

const ProfileForm = ({ email, fullName: initialName, onSaved }: FormProps) => {
  const change = useChangeStudentProfile();
  const [fullName, setFullName] = useState(initialName);
  const [isChangingPassword, setChangingPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (fullName.trim() === '') {
      setProblem('Full Name is required.');
      return;
    }
    try {
      await change.mutateAsync({
        email,
        fullName: fullName.trim(),
        ...(isChangingPassword && password ? { password } : {}),
      });
      notify.success(MSG.profileUpdated);
      onSaved();
    } catch (error) {
      // 403: a student who signed up alone is theirs to edit, not the publisher's; the server says so.
      setProblem(errorMessage(error, 'The profile could not be saved. Please try again.'));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <TextField
        label="Full Name"
        name="fullName"
        required
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={fieldErrorFor(change.error, 'fullName')}
      />
      <Field label="Email" hint="The e-mail address cannot be changed.">
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            value={email}
            readOnly
            className="bg-slate-50 text-slate-600 focus:ring-0"
          />
        )}
      </Field>
      <label className="flex cursor-pointer items-center gap-3 self-start text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={isChangingPassword}
          onChange={(event) => {
            setChangingPassword(event.target.checked);
            setPassword('');
          }}
          className="size-4 accent-brand-600"
        />
        Change password
      </label>
      {isChangingPassword ? (
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrorFor(change.error, 'password')}
        />
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <div>
        <Button type="submit" isLoading={change.isPending} loadingText="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
};

/**
 * A student who signed up alone (or has since chosen their own password) manages their own account:
 * the school sees it, and is told why it cannot change it, instead of a form that would be refused.
 */
const ReadOnlyProfile = ({ fullName, email }: { fullName: string; email: string }) => (
  <div className="flex flex-col gap-4">
    <dl className="grid gap-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-500">Full Name</dt>
        <dd className="mt-1 font-semibold break-words text-slate-900">{fullName}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-500">Email</dt>
        <dd className="mt-1 font-semibold break-all text-slate-900">{email}</dd>
      </div>
    </dl>
    <Alert tone="info">
      This student manages their own account: only they can change its name and password.
    </Alert>
  </div>
);

/** SPEC §2.14 Information: Full Name editable, Email read-only, an optional new password, Save. */
export const StudentProfile = ({ email, onSaved }: StudentProfileProps) => {
  const profile = useStudentProfile(email);
  return (
    <Card className="max-w-2xl p-6">
      <h2 className="mb-5 text-lg font-semibold text-slate-900">Information</h2>
      {profile.isPending ? (
        <LoadingBlock label="Loading profile..." />
      ) : profile.isError ? (
        <Alert>{errorMessage(profile.error, 'The profile could not be loaded.')}</Alert>
      ) : profile.data.can_edit === false ? (
        <ReadOnlyProfile fullName={profile.data.fullName} email={profile.data.email} />
      ) : (
        <ProfileForm
          key={profile.data.user_id}
          email={profile.data.email}
          fullName={profile.data.fullName}
          onSaved={onSaved}
        />
      )}
    </Card>
  );
};
