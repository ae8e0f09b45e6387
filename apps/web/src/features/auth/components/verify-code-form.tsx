import { CODE_RESEND_SECONDS } from '@skillwise/contracts';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { CodeInput, emptyCode, isCompleteCode } from '@/components/ui/code-input';
import { ApiError, errorMessage, readerText } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { t as translate } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';
import { getVerifyFor, storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import {
  CodeRejected,
  useRequestPasswordReset,
  useResendVerificationCode,
  useVerifyCode,
} from '../api/verification';

/** What the reset-password screen receives through router state: the code it must send back. */
export type ResetPasswordState = { code: string };

/** Seconds until Resend may ask again, counting down once a second. */
const useCooldown = () => {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return {
    secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)),
    start: (seconds: number) => {
      // One reading of the clock: two could differ by a millisecond and show 61 s of a 60 s wait.
      const started = Date.now();
      setNow(started);
      setUntil(started + seconds * 1000);
    },
  };
};

type ResendStatus = { text: string; isError: boolean } | null;

const failureMessage = (error: unknown): string => {
  if (error instanceof CodeRejected) return error.message;
  // A 400 means the code or the e-mail was not acceptable at all (SPEC §8: no verified flag).
  if (error instanceof ApiError && error.status === 400) return translate('common.msg.provideValidCode');
  return errorMessage(error, translate('common.msg.provideValidCode'));
};

// Read when used, not only at first render: the e-mail is stored by the screen that led here.
const storedEmail = () => storage.get('userEmail') ?? '';

/** Six digits, and an e-mail to check them for. */
const validate = ({ digits }: { digits: string[] }) => {
  if (!isCompleteCode(digits)) return { problem: translate('common.msg.enterSixDigits') };
  if (!storedEmail()) return { problem: translate('auth.auth.verify.noEmail') };
  return {};
};

/** SPEC §2.10: six digits, then /resetPassword (reset) or /login (account verification). */
export const VerifyCodeForm = () => {
  const t = useT();
  const navigate = useNavigate();
  const next = useNextParam();
  const statusId = useId();
  const email = storedEmail();
  const verifyFor = getVerifyFor();
  const verify = useVerifyCode();
  const resendReset = useRequestPasswordReset();
  const resendSignUp = useResendVerificationCode();
  const cooldown = useCooldown();
  const [resendStatus, setResendStatus] = useState<ResendStatus>(null);
  const isResending = resendReset.isPending || resendSignUp.isPending;
  const form = useForm({ initial: () => ({ digits: emptyCode() }), validate });

  const onSubmit = form.handleSubmit(async ({ digits }) => {
    const code = digits.join('');
    const response = await verify.mutateAsync(code);
    if (verifyFor === 'reset') {
      const state: ResetPasswordState = { code };
      void navigate(paths.resetPassword, { state });
      return;
    }
    notify.success(response.message ? readerText(response.message) : t('auth.auth.verify.verified'));
    void navigate(withNext(paths.login, next));
  });

  const onResendError = (error: unknown) =>
    setResendStatus({ text: errorMessage(error, t('common.msg.codeSendFailed')), isError: true });
  // A reset code goes through the spec's resetPasswordRequest; a sign-up code through
  // ResendVerificationCode, which says whether it sent one and how long to wait (decision 002). The server
  // mails the code that is still live again rather than a new one, at most once a minute.
  const resendCode = () => {
    const address = storedEmail();
    if (!address) {
      setResendStatus({ text: t('auth.auth.verify.noEmail'), isError: true });
      return;
    }
    setResendStatus(null);
    if (verifyFor === 'reset') {
      resendReset.mutate(address, {
        onSuccess: () => {
          setResendStatus({ text: t('auth.auth.verify.resent'), isError: false });
          cooldown.start(CODE_RESEND_SECONDS);
        },
        onError: onResendError,
      });
      return;
    }
    resendSignUp.mutate(address, {
      onSuccess: (answer) => {
        setResendStatus({ text: readerText(answer.message), isError: false });
        cooldown.start(answer.resendAfterSeconds);
      },
      onError: onResendError,
    });
  };

  const message = form.problem ?? (form.failure ? failureMessage(form.failure) : null);

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6">
      <p className="text-center text-sm text-slate-600">
        <T
          id="auth.auth.verify.sentTo"
          values={{ email: email || t('auth.auth.verify.yourEmail') }}
          components={{ 0: <span className="block font-semibold break-words text-slate-900" /> }}
        />
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
      <SubmitButton form={form} size="lg" fullWidth loadingText={t('auth.auth.verify.verifying')}>
        {t('auth.auth.verify.submit')}
      </SubmitButton>
      <div className="text-center text-sm text-slate-600">
        {t('auth.auth.verify.noCode')}{' '}
        <button
          type="button"
          onClick={resendCode}
          disabled={isResending || cooldown.secondsLeft > 0}
          className="font-semibold text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-600 disabled:no-underline"
        >
          {isResending
            ? t('auth.auth.verify.sending')
            : cooldown.secondsLeft > 0
              ? t('auth.auth.verify.resendIn', { seconds: formatCount(cooldown.secondsLeft) })
              : t('auth.auth.verify.resend')}
        </button>
        <p
          role={resendStatus?.isError ? 'alert' : 'status'}
          className={resendStatus?.isError ? 'mt-2 text-rose-700' : 'mt-2 text-xs text-slate-600'}
        >
          {resendStatus?.text}
        </p>
      </div>
    </form>
  );
};
