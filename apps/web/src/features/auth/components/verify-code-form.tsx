import { MSG } from '@skillwise/contracts';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CodeInput, emptyCode, isCompleteCode } from '@/components/ui/code-input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';
import { getVerifyFor, storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { CodeRejected, useRequestPasswordReset, useVerifyCode } from '../api/verification';

/** What the reset-password screen receives through router state: the code it must send back. */
export type ResetPasswordState = { code: string };

const VERIFIED_MESSAGE = 'Your e-mail address is verified. You can log in now.';
// The server mails the code that is still live again rather than a new one, at most once a minute.
const RESENT_MESSAGE =
  'We e-mail your code again, at most once a minute: it stays the same until you use it.';
const NO_EMAIL_MESSAGE = 'We could not tell which e-mail address to verify. Please log in or sign up again.';

const failureMessage = (error: unknown): string => {
  if (error instanceof CodeRejected) return error.message;
  // A 400 means the code or the e-mail was not acceptable at all (SPEC §8: no verified flag).
  if (error instanceof ApiError && error.status === 400) return MSG.provideValidCode;
  return errorMessage(error, MSG.provideValidCode);
};

// Read when used, not only at first render: the e-mail is stored by the screen that led here.
const storedEmail = () => storage.get('userEmail') ?? '';

/** Six digits, and an e-mail to check them for. */
const validate = ({ digits }: { digits: string[] }) => {
  if (!isCompleteCode(digits)) return { problem: MSG.enterSixDigits };
  if (!storedEmail()) return { problem: NO_EMAIL_MESSAGE };
  return {};
};

/** SPEC §2.10: six digits, then /resetPassword (reset) or /login (account verification). */
export const VerifyCodeForm = () => {
  const navigate = useNavigate();
  const next = useNextParam();
  const statusId = useId();
  const email = storedEmail();
  const verifyFor = getVerifyFor();
  const verify = useVerifyCode();
  const resend = useRequestPasswordReset();
  const form = useForm({ initial: () => ({ digits: emptyCode() }), validate });

  const onSubmit = form.handleSubmit(async ({ digits }) => {
    const code = digits.join('');
    const response = await verify.mutateAsync(code);
    if (verifyFor === 'reset') {
      const state: ResetPasswordState = { code };
      void navigate(paths.resetPassword, { state });
      return;
    }
    notify.success(response.message || VERIFIED_MESSAGE);
    void navigate(withNext(paths.login, next));
  });

  const resendCode = () =>
    resend.mutate(storedEmail(), {
      onSuccess: () => notify.success(RESENT_MESSAGE),
      onError: (error) => notify.error(errorMessage(error, MSG.codeSendFailed)),
    });

  const message = form.problem ?? (form.failure ? failureMessage(form.failure) : null);

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6">
      <p className="text-center text-sm text-slate-600">
        Enter the 6-digit code we sent to
        <span className="block font-semibold break-words text-slate-900">
          {email || 'your e-mail address'}
        </span>
      </p>
      <CodeInput
        value={form.values.digits}
        onChange={(digits) => form.setValue('digits', digits)}
        isInvalid={Boolean(message)}
        describedBy={message ? statusId : undefined}
        disabled={form.isSubmitting}
      />
      {message ? (
        <div id={statusId}>
          <Alert>{message}</Alert>
        </div>
      ) : null}
      <Button type="submit" size="lg" fullWidth isLoading={form.isSubmitting} loadingText="Verifying...">
        Verify
      </Button>
      <div className="text-center text-sm text-slate-600">
        Didn&apos;t get a code?{' '}
        {verifyFor === 'reset' ? (
          <button
            type="button"
            onClick={resendCode}
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
              The code is e-mailed again at most once a minute.
            </span>
          </span>
        )}
      </div>
    </form>
  );
};
