import { COUNTER_LONG, MSG, PASSWORD_MIN } from '@skillwise/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/field';
import { errorMessage, fieldErrorFor } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { type OrganisationSignUp, registerOrganisation } from '../api/register';

type OrgForm = OrganisationSignUp & { confirmPassword: string };

const EMPTY: OrgForm = {
  orgName: '',
  orgUrl: '',
  orgDescription: '',
  email: '',
  fullName: '',
  password: '',
  confirmPassword: '',
};

/**
 * DESIGN decision 1: every field but the description is required, and the passwords must match; the
 * password's length is checked here too, before the server would refuse it.
 */
export const validateOrgForm = (form: OrgForm): string | null => {
  const required = [
    form.orgName,
    form.orgUrl,
    form.email,
    form.fullName,
    form.password,
    form.confirmPassword,
  ];
  if (required.some((value) => value.trim() === '')) return MSG.allFieldsRequired;
  if (form.password !== form.confirmPassword) return MSG.passwordsMismatch;
  if (form.password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  return null;
};

/** SPEC §2.9: an organisation and its publisher account, then code verification for login. */
export const RegisterOrgForm = () => {
  const navigate = useNavigate();
  const [form, setForm] = useState<OrgForm>(EMPTY);
  const [formError, setFormError] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: (input: OrganisationSignUp) => registerOrganisation(input),
    onSuccess: (_response, input) => {
      notify.success(MSG.registrationSuccess);
      storage.set('userType', 'Publisher');
      storage.set('userEmail', input.email);
      storage.set('verifyFor', 'login');
      void navigate(paths.verifyCode);
    },
  });

  const set = (field: keyof OrgForm, value: string) => setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateOrgForm(form);
    setFormError(problem);
    if (problem) return;
    register.mutate({
      orgName: form.orgName.trim(),
      orgUrl: form.orgUrl.trim(),
      orgDescription: form.orgDescription.trim(),
      email: form.email.trim(),
      fullName: form.fullName.trim(),
      password: form.password,
    });
  };

  const error = register.error;
  const missing = (value: string) => formError === MSG.allFieldsRequired && value.trim() === '';

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Organization Name"
          name="org_Name"
          autoComplete="organization"
          placeholder="Acme Academy"
          required
          aria-invalid={missing(form.orgName) || undefined}
          value={form.orgName}
          onChange={(event) => set('orgName', event.target.value)}
          error={fieldErrorFor(error, 'org_Name')}
        />
        <TextField
          label="Organization Web Address"
          type="url"
          name="org_url"
          autoComplete="url"
          placeholder="https://example.com"
          required
          aria-invalid={missing(form.orgUrl) || undefined}
          value={form.orgUrl}
          onChange={(event) => set('orgUrl', event.target.value)}
          error={fieldErrorFor(error, 'org_url')}
        />
      </div>
      <TextAreaField
        label="Organization Description"
        labelNote="Optional"
        name="org_Description"
        rows={3}
        maxLength={COUNTER_LONG}
        placeholder="What does your organisation teach?"
        value={form.orgDescription}
        onChange={(value) => set('orgDescription', value)}
        error={fieldErrorFor(error, 'org_Description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email Address"
          type="email"
          name="primary_email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          aria-invalid={missing(form.email) || undefined}
          value={form.email}
          onChange={(event) => set('email', event.target.value)}
          error={fieldErrorFor(error, 'primary_email')}
        />
        <TextField
          label="Full Name"
          name="fullName"
          autoComplete="name"
          placeholder="Jane Doe"
          required
          aria-invalid={missing(form.fullName) || undefined}
          value={form.fullName}
          onChange={(event) => set('fullName', event.target.value)}
          error={fieldErrorFor(error, 'fullName')}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          aria-invalid={missing(form.password) || undefined}
          value={form.password}
          onChange={(event) => set('password', event.target.value)}
          error={fieldErrorFor(error, 'password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          aria-invalid={missing(form.confirmPassword) || formError === MSG.passwordsMismatch || undefined}
          value={form.confirmPassword}
          onChange={(event) => set('confirmPassword', event.target.value)}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      {register.isError && !formError ? <Alert>{errorMessage(error, MSG.registrationFailed)}</Alert> : null}
      <Button type="submit" size="lg" fullWidth isLoading={register.isPending} loadingText="Registering...">
        Register
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
          Log In
        </Link>
      </p>
    </form>
  );
};
