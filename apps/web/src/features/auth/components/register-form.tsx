import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';
import { notify } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import { useRegisterStudent } from '../api/register';
import { EmailAddressField, FullNameField, NewPasswordFields } from './account-fields';

const EMPTY = { fullName: '', email: '', password: '', confirmPassword: '' };

/** The browser checks what is required; the form checks that both passwords are the same. */
const validate = (values: typeof EMPTY): FormErrors<typeof EMPTY> =>
  values.password === values.confirmPassword
    ? {}
    : { problem: translate('common.msg.passwordsMismatch'), fields: { confirmPassword: true } };

/**
 * SPEC §2.8: student sign-up, then code verification for login. `returnTo`: where the student goes once
 * signed in (a school's site, docs/decisions/040) instead of the address's own `next`.
 */
export const RegisterForm = ({ returnTo }: { returnTo?: string } = {}) => {
  const t = useT();
  const navigate = useNavigate();
  const linked = useNextParam();
  const next = returnTo ?? linked;
  const register = useRegisterStudent();
  const form = useForm({
    initial: EMPTY,
    validate,
    serverFields: { fullName: 'fullName', email: 'email', password: 'password' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await register.mutateAsync({
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      password: values.password,
    });
    notify.success(t('common.msg.registrationSuccess'));
    void navigate(withNext(paths.verifyCode, next));
  });

  const failed = form.failureMessage(t('common.msg.registrationFailed'));
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <FullNameField {...form.field('fullName')} />
      <EmailAddressField withPlaceholder {...form.field('email')} />
      <NewPasswordFields password={form.field('password')} confirmPassword={form.field('confirmPassword')} />
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failed ? <Alert>{failed}</Alert> : null}
      <SubmitButton form={form} size="lg" fullWidth loadingText={t('auth.auth.register.signingUp')}>
        {t('auth.auth.register.submit')}
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        <Link to={withNext(paths.login, next)} className="font-semibold text-brand-600 hover:underline">
          {t('auth.auth.register.haveAccount')}
        </Link>
      </p>
    </form>
  );
};
