import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClassName, SubmitButton } from '@/components/ui/button';
import { readerText } from '@/lib/api-client';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import { useResetPassword } from '../api/verification';
import { EmailAddressField, NewPasswordFields } from './account-fields';

/** The code travels in router state (ResetPasswordState); a reload or a direct visit has none. */
const codeFromState = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'code' in state && typeof state.code === 'string'
    ? state.code
    : null;

type NewPassword = { email: string; password: string; confirmPassword: string };

/** The browser checks what is required; the form checks that both passwords are the same. */
const validate = (values: NewPassword): FormErrors<NewPassword> =>
  values.password === values.confirmPassword
    ? {}
    : { problem: translate('common.msg.passwordsMismatch'), fields: { confirmPassword: true } };

/** SPEC §2.11 Create password: the new password, sent with the code verified on the previous screen. */
export const ResetPasswordForm = () => {
  const t = useT();
  const navigate = useNavigate();
  const code = codeFromState(useLocation().state);
  const reset = useResetPassword();
  const form = useForm<NewPassword>({
    initial: () => ({ email: storage.get('userEmail') ?? '', password: '', confirmPassword: '' }),
    validate,
    serverFields: { email: 'email', password: 'password' },
  });

  if (!code) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="info">{t('auth.auth.resetPassword.noCode')}</Alert>
        <Link to={paths.resetPasswordRequest} className={buttonClassName({ size: 'lg', fullWidth: true })}>
          {t('auth.auth.resetPassword.requestCode')}
        </Link>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const response = await reset.mutateAsync({ email: email.trim(), password, code });
    notify.success(response?.message ? readerText(response.message) : t('auth.auth.resetPassword.updated'));
    void navigate(paths.login);
  });

  const failed = form.failureMessage(t('common.msg.registrationFailed'));
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <EmailAddressField {...form.field('email')} />
      <NewPasswordFields
        isReset
        password={form.field('password')}
        confirmPassword={form.field('confirmPassword')}
      />
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failed ? <Alert>{failed}</Alert> : null}
      <SubmitButton form={form} size="lg" fullWidth loadingText={t('auth.auth.resetPassword.saving')}>
        {t('auth.auth.resetPassword.submit')}
      </SubmitButton>
    </form>
  );
};
