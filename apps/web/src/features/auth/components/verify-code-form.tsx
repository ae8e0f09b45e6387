import { MSG, VERIFICATION_CODE_LENGTH, type VerifyCodeResponse } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';
import { getVerifyFor, storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { requestPasswordReset, verifyCode } from '../api/verification';
import { CodeInput, emptyCode } from './code-input';

/** What the reset-password screen receives through router state: the code it must send back. */
export type ResetPasswordState = { code: string };

const VERIFIED_MESSAGE = 'Your e-mail address is verified. You can log in now.';
const RESENT_MESSAGE = 'We sent a new code to your e-mail address.';
const NO_EMAIL_MESSAGE = 'We could not tell which e-mail address to verify. Please log in or sign up again.';

class CodeRejected extends Error {}

/**
 * A refused code says so with MSG.invalidCode, unless the server's reason is that the code expired or
 * died after too many tries: then its own words tell the user what to do next.
 */
const rejectionMessage = (response: Partial<VerifyCodeResponse>): string =>
  (response.reason === 'expired' || response.reason === 'exhausted') && response.message
    ? response.message
    : MSG.invalidCode;

const failureMessage = (error: unknown): string => {
  if (error instanceof CodeRejected) return error.message;
  // A 400 means the code or the e-mail was not acceptable at all (SPEC §8: no verified flag).
  if (error instanceof ApiError && error.status === 400) return MSG.provideValidCode;
  return errorMessage(error, MSG.provideValidCode);
};

/** SPEC §2.10: six digits, then /resetPassword (reset) or /login (account verification). */
export const VerifyCodeForm = () => {
  const navigate = useNavigate();
  const next = useNextParam();
  const statusId = useId();
  // Read when used, not only at first render: the e-mail is stored by the screen that led here.
  const storedEmail = () => storage.get('userEmail') ?? '';
  const email = storedEmail();
  const verifyFor = getVerifyFor();
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [localError, setLocalError] = useState<string | null>(null);

  const verify = useMutation({
    mutationFn: async (code: string) => {
      const response = await verifyCode({ email: storedEmail(), verificationCode: code });
      if (typeof response?.verified !== 'boolean') throw new Error(MSG.provideValidCode);
      if (!response.verified) throw new CodeRejected(rejectionMessage(response));
      return response;
    },
    onSuccess: (response, code) => {
      if (verifyFor === 'reset') {
        const state: ResetPasswordState = { code };
        void navigate(paths.resetPassword, { state });
        return;
      }
      storage.remove('verifyFor');
      notify.success(response.message || VERIFIED_MESSAGE);
      void navigate(withNext(paths.login, next));
    },
  });

  const resend = useMutation({
    mutationFn: () => requestPasswordReset(storedEmail()),
    onSuccess: () => notify.success(RESENT_MESSAGE),
    onError: (error) => notify.error(errorMessage(error, MSG.codeSendFailed)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = digits.join('');
    if (!new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code)) {
      setLocalError(MSG.enterSixDigits);
      return;
    }
    if (!storedEmail()) {
      setLocalError(NO_EMAIL_MESSAGE);
      return;
    }
    setLocalError(null);
    verify.mutate(code);
  };

  const message = localError ?? (verify.isError ? failureMessage(verify.error) : null);

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6">
      <p className="text-center text-sm text-slate-600">
        Enter the 6-digit code we sent to
        <span className="block font-semibold break-words text-slate-900">
          {email || 'your e-mail address'}
        </span>
      </p>
      <CodeInput
        value={digits}
        onChange={(value) => {
          setDigits(value);
          setLocalError(null);
        }}
        isInvalid={Boolean(message)}
        describedBy={message ? statusId : undefined}
        disabled={verify.isPending}
      />
      {message ? (
        <div id={statusId}>
          <Alert>{message}</Alert>
        </div>
      ) : null}
      <Button type="submit" size="lg" fullWidth isLoading={verify.isPending} loadingText="Verifying...">
        Verify
      </Button>
      <div className="text-center text-sm text-slate-600">
        Didn&apos;t get a code?{' '}
        {verifyFor === 'reset' ? (
          <button
            type="button"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
            className="font-semibold text-brand-600 hover:underline disabled:opacity-60"
          >
            {resend.isPending ? 'Sending...' : 'Resend code'}
          </button>
        ) : (
          <span>
            <Link to={withNext(paths.login, next)} className="font-semibold text-brand-600 hover:underline">
              Log in again to get a new code
            </Link>
            <span className="mt-1 block text-xs text-slate-500">
              A new code is sent at most once a minute.
            </span>
          </span>
        )}
      </div>
    </form>
  );
};
