import { MSG, PASSWORD_MIN } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { resetPassword } from '../api/verification';

const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated. Please log in.';

/** The code travels in router state (ResetPasswordState); a reload or a direct visit has none. */
const codeFromState = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'code' in state && typeof state.code === 'string'
    ? state.code
    : null;

/** SPEC §2.11 Create password: the new password, sent with the code verified on the previous screen. */
export const ResetPasswordForm = () => {
  const navigate = useNavigate();
  const code = codeFromState(useLocation().state);
  const [email, setEmail] = useState(() => storage.get('userEmail') ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const reset = useMutation({
    mutationFn: (input: { email: string; password: string; code: string }) => resetPassword(input),
    onSuccess: (response) => {
      storage.remove('verifyFor');
      notify.success(response?.message || PASSWORD_UPDATED_MESSAGE);
      void navigate(paths.login);
    },
  });

  if (!code) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">
          To create a new password, first confirm the 6-digit code we e-mail you. Please request a new code.
        </Alert>
        <Link to={paths.resetPasswordRequest} className={buttonClassName({ size: 'lg', fullWidth: true })}>
          Request a code
        </Link>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate({ email: email.trim(), password, code });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrorFor(reset.error, 'email')}
      />
      <TextField
        label="Create Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrorFor(reset.error, 'password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      {mismatch ? <Alert>{MSG.passwordsMismatch}</Alert> : null}
      {reset.isError && !mismatch ? <Alert>{errorMessage(reset.error, MSG.registrationFailed)}</Alert> : null}
      <Button type="submit" size="lg" fullWidth isLoading={reset.isPending} loadingText="Saving...">
        Submit
      </Button>
    </form>
  );
};
