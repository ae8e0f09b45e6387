import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';
import { useForm } from '@/lib/use-form';
import { useLogin } from '../api/login';
import { EmailAddressField } from './account-fields';

/** SPEC §2.6: e-mail and password (both required); Enter submits. */
export const LoginForm = () => {
  const t = useT();
  const login = useLogin();
  const next = useNextParam();
  const form = useForm({ initial: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(({ email, password }) =>
    login.mutateAsync({ email: email.trim(), password, next }),
  );

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <EmailAddressField withPlaceholder {...form.field('email')} />
      <div className="flex flex-col gap-2">
        <TextField
          label={t('auth.auth.fields.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder={t('auth.auth.login.passwordPlaceholder')}
          required
          {...form.field('password')}
        />
        <Link
          to={paths.resetPasswordRequest}
          className="self-end text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
        >
          {t('auth.auth.login.forgotPassword')}
        </Link>
      </div>
      {form.failure ? <Alert>{form.failureMessage(t('common.msg.loginFailed'))}</Alert> : null}
      <SubmitButton form={form} size="lg" fullWidth loadingText={t('auth.auth.login.loggingIn')}>
        {t('auth.auth.login.submit')}
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        <T
          id="auth.auth.login.noAccount"
          components={{
            0: (
              <Link
                to={withNext(paths.registerOption, next)}
                className="font-semibold text-brand-600 hover:underline"
              />
            ),
          }}
        />
      </p>
    </form>
  );
};
