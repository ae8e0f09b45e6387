import { PASSWORD_MIN, WRONG_CURRENT_PASSWORD_MESSAGE } from '@skillwise/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useChangeMyPassword, useRequestMyPasswordCode } from '../api/account';
import {
  EMPTY_PASSWORD_CHANGE,
  type PasswordProof,
  passwordChangeBody,
  passwordChangeProblem,
} from '../lib/account-forms';

const SIGNED_OUT_ELSEWHERE = 'You stay signed in here; your other devices and browsers were signed out.';

/**
 * Change Password: proven with the current password or, for a student who forgot it, with a 6-digit code
 * mailed to the account. Either way the new password follows the sign-up rules, and every other
 * session ends.
 */
export const PasswordForm = () => {
  const change = useChangeMyPassword();
  const sendCode = useRequestMyPasswordCode();
  const [proof, setProof] = useState<PasswordProof>('current');
  const [values, setValues] = useState(EMPTY_PASSWORD_CHANGE);
  const [problem, setProblem] = useState<string | null>(null);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);

  const update = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const startOver = (next: PasswordProof) => {
    setProof(next);
    setValues(EMPTY_PASSWORD_CHANGE);
    setProblem(null);
    change.reset();
  };

  const mailCode = async () => {
    setProblem(null);
    setDone(false);
    try {
      const sent = await sendCode.mutateAsync();
      setCodeSentTo(sent.email);
      if (proof !== 'code') startOver('code');
    } catch (error) {
      setProblem(errorMessage(error, 'The code could not be sent. Please try again.'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const all = { proof, ...values };
    const found = passwordChangeProblem(all);
    setProblem(found);
    if (found) return;
    try {
      const answer = await change.mutateAsync(passwordChangeBody(all));
      notify.success(answer.message);
      setDone(true);
      setCodeSentTo(null);
      setProof('current');
      setValues(EMPTY_PASSWORD_CHANGE);
    } catch (error) {
      // A wrong current password or code is told beside its field; anything else here.
      const isFieldError =
        fieldErrorFor(error, 'currentPassword') !== undefined ||
        fieldErrorFor(error, 'VerificationCode') !== undefined ||
        fieldErrorFor(error, 'newPassword') !== undefined;
      setProblem(
        isFieldError ? null : errorMessage(error, 'Your password could not be changed. Please try again.'),
      );
    }
  };

  const error = change.error;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {isDone ? <Alert tone="success">Your password has been changed. {SIGNED_OUT_ELSEWHERE}</Alert> : null}
      {proof === 'current' ? (
        <TextField
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={update('currentPassword')}
          error={fieldErrorFor(error, 'currentPassword') ? WRONG_CURRENT_PASSWORD_MESSAGE : undefined}
        />
      ) : (
        <>
          {codeSentTo ? (
            <Alert tone="info">
              We sent a 6-digit code to <strong className="break-all">{codeSentTo}</strong>. It expires in 15
              minutes.
            </Alert>
          ) : null}
          <TextField
            label="Code from the e-mail"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={values.code}
            onChange={update('code')}
            error={fieldErrorFor(error, 'VerificationCode')}
          />
        </>
      )}
      <TextField
        label="New Password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={values.newPassword}
        onChange={update('newPassword')}
        error={fieldErrorFor(error, 'newPassword')}
      />
      <TextField
        label="Confirm New Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <Button type="submit" isLoading={change.isPending} loadingText="Changing...">
          Change Password
        </Button>
        {proof === 'current' ? (
          <p className="text-sm text-slate-600">
            Forgot it?{' '}
            <button
              type="button"
              onClick={() => void mailCode()}
              disabled={sendCode.isPending}
              className="font-semibold text-brand-700 hover:underline disabled:opacity-60"
            >
              {sendCode.isPending ? 'Sending...' : 'E-mail me a code'}
            </button>
          </p>
        ) : (
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <button
              type="button"
              onClick={() => void mailCode()}
              disabled={sendCode.isPending}
              className="font-semibold text-brand-700 hover:underline disabled:opacity-60"
            >
              {sendCode.isPending ? 'Sending...' : 'Send a new code'}
            </button>
            <button
              type="button"
              onClick={() => {
                setCodeSentTo(null);
                startOver('current');
              }}
              className="font-semibold text-slate-600 hover:underline"
            >
              Use my current password
            </button>
          </p>
        )}
      </div>
    </form>
  );
};
