import { MSG } from '@skillwise/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';
import { useLogin } from '../hooks/use-login';

/** SPEC §2.6: e-mail and password (both required); Enter submits. */
export const LoginForm = () => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const next = useNextParam();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password, next });
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
      <div className="flex flex-col gap-2">
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="Enter your password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link
          to={paths.resetPasswordRequest}
          className="self-end text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
        >
          Forgot Password?
        </Link>
      </div>
      {login.isError ? <Alert>{errorMessage(login.error, MSG.loginFailed)}</Alert> : null}
      <Button type="submit" size="lg" fullWidth isLoading={login.isPending} loadingText="Logging in...">
        Log In
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link
          to={withNext(paths.registerOption, next)}
          className="font-semibold text-brand-600 hover:underline"
        >
          Sign Up
        </Link>
      </p>
    </form>
  );
};
