import { MSG } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { requestPasswordReset } from '../api/verification';

const CODE_SENT_MESSAGE = 'We sent a 6-digit code to your e-mail address.';

/** SPEC §8: an unknown e-mail (404) gets its own hint; anything else asks to try again. */
const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.status === 404 ? MSG.codeSendFailedCheckEmail : MSG.codeSendFailed;

/** SPEC §2.11: e-mail a reset code, then verify it. */
export const ResetRequestForm = () => {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: (address: string) => requestPasswordReset(address),
    onSuccess: (_result, address) => {
      storage.set('userEmail', address);
      storage.set('verifyFor', 'reset');
      notify.success(CODE_SENT_MESSAGE);
      void navigate(paths.verifyCode);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {request.isError ? <Alert>{failureMessage(request.error)}</Alert> : null}
      <Button type="submit" size="lg" fullWidth isLoading={request.isPending} loadingText="Sending...">
        Submit
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
          Back to Log In
        </Link>
      </p>
    </form>
  );
};
