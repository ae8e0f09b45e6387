import { MSG, PASSWORD_MIN } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { registerStudent, type StudentSignUp } from '../api/register';

/** SPEC §2.8: student sign-up, then code verification for login. */
export const RegisterForm = () => {
  const navigate = useNavigate();
  const next = useNextParam();
  const [form, setForm] = useState({ fullName: '', email: '', password: '', confirmPassword: '' });
  const [mismatch, setMismatch] = useState(false);
  const register = useMutation({
    mutationFn: (input: StudentSignUp) => registerStudent(input),
    onSuccess: (_response, input) => {
      notify.success(MSG.registrationSuccess);
      storage.set('userEmail', input.email);
      storage.set('verifyFor', 'login');
      void navigate(withNext(paths.verifyCode, next));
    },
  });

  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.password !== form.confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    register.mutate({ fullName: form.fullName.trim(), email: form.email.trim(), password: form.password });
  };

  const error = register.error;
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        placeholder="Jane Doe"
        required
        value={form.fullName}
        onChange={update('fullName')}
        error={fieldErrorFor(error, 'fullName')}
      />
      <TextField
        label="Email Address"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={form.email}
        onChange={update('email')}
        error={fieldErrorFor(error, 'email')}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        value={form.password}
        onChange={update('password')}
        error={fieldErrorFor(error, 'password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={form.confirmPassword}
        onChange={update('confirmPassword')}
      />
      {mismatch ? <Alert>{MSG.passwordsMismatch}</Alert> : null}
      {register.isError && !mismatch ? <Alert>{errorMessage(error, MSG.registrationFailed)}</Alert> : null}
      <Button type="submit" size="lg" fullWidth isLoading={register.isPending} loadingText="Signing up...">
        Sign Up
      </Button>
      <p className="text-center text-sm text-slate-600">
        <Link to={withNext(paths.login, next)} className="font-semibold text-brand-600 hover:underline">
          Already have an account? Log In
        </Link>
      </p>
    </form>
  );
};
