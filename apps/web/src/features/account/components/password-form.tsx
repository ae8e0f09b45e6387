import { PASSWORD_MIN } from '@skillwise/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { CodeInput } from '@/components/ui/code-input';
import { FieldError, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useChangeMyPassword, useRequestMyPasswordCode } from '../api/account';
import {
  emptyPasswordChange,
  type PasswordProof,
  passwordChangeBody,
  passwordChangeProblem,
} from '../lib/account-forms';

/**
 * Change Password: proven with the current password or, for a student who forgot it, with a 6-digit code
 * mailed to the account. Either way the new password follows the sign-up rules, and every other
 * session ends.
 */
export const PasswordForm = () => {
  const t = useT();
  const change = useChangeMyPassword();
  const sendCode = useRequestMyPasswordCode();
  const codeErrorId = useId();
  // What the server said of the code: mailed now, or mailed a moment ago and still the one to use.
  const [codeSent, setCodeSent] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const form = useForm({
    initial: () => emptyPasswordChange(),
    validate: (values) => {
      const problem = passwordChangeProblem(values);
      return problem ? { problem } : {};
    },
    // A wrong current password or code is told beside its field; anything else in the alert.
    serverFields: {
      currentPassword: 'currentPassword',
      code: 'VerificationCode',
      newPassword: 'newPassword',
    },
  });
  const { proof } = form.values;

  const startOver = (next: PasswordProof) => form.reset(emptyPasswordChange(next));

  const mailCode = () => {
    form.setProblem(null);
    setDone(false);
    sendCode.mutate(undefined, {
      onSuccess: (sent) => {
        setCodeSent(sent.message);
        if (proof !== 'code') startOver('code');
      },
      onError: (error) => form.setProblem(errorMessage(error, t('learning.account.password.codeError'))),
    });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(false);
    const answer = await change.mutateAsync(passwordChangeBody(values));
    notify.success(answer.message);
    setDone(true);
    setCodeSent(null);
    startOver('current');
  });

  const problem = form.problem ?? form.failureMessage(t('learning.account.password.changeError'));
  const codeError = form.error('code');
  /** Mails a code (again): its text says which, and "Sending…" while it goes. */
  const mailCodeButton = (text: string) => (
    <button
      type="button"
      onClick={mailCode}
      disabled={sendCode.isPending}
      className="font-semibold text-brand-700 hover:underline disabled:opacity-60"
    >
      {sendCode.isPending ? t('learning.account.password.sending') : text}
    </button>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {isDone ? <Alert tone="success">{t('learning.account.password.changed')}</Alert> : null}
      {proof === 'current' ? (
        <TextField
          label={t('learning.account.password.current')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('currentPassword')}
          error={form.error('currentPassword') ? t('learning.account.password.wrongCurrent') : undefined}
        />
      ) : (
        <>
          {codeSent ? (
            <Alert tone="info">
              <span className="break-words">{codeSent}</span>
            </Alert>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <CodeInput
              legend={t('learning.account.password.codeLegend')}
              showLegend
              value={form.values.code}
              onChange={(code) => form.setValue('code', code)}
              isInvalid={form.isInvalid('code')}
              describedBy={codeError ? codeErrorId : undefined}
            />
            {codeError ? <FieldError id={codeErrorId}>{codeError}</FieldError> : null}
          </div>
        </>
      )}
      <TextField
        label={t('learning.account.password.new')}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={t('learning.account.password.minHint', { min: PASSWORD_MIN })}
        {...form.field('newPassword')}
      />
      <TextField
        label={t('learning.account.password.confirm')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        {...form.field('confirmPassword')}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <SubmitButton form={form} loadingText={t('learning.account.password.changing')}>
          {t('learning.account.password.change')}
        </SubmitButton>
        {proof === 'current' ? (
          <p className="text-sm text-slate-600">
            {t('learning.account.password.forgot')} {mailCodeButton(t('learning.account.password.mailCode'))}
          </p>
        ) : (
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {mailCodeButton(t('learning.account.password.newCode'))}
            <button
              type="button"
              onClick={() => {
                setCodeSent(null);
                startOver('current');
              }}
              className="font-semibold text-slate-600 hover:underline"
            >
              {t('learning.account.password.useCurrent')}
            </button>
          </p>
        )}
      </div>
    </form>
  );
};
