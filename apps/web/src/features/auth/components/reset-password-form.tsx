import { MSG } from '@skillwise/contracts';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import { useResetPassword } from '../api/verification';
import { EmailAddressField, NewPasswordFields } from './account-fields';

const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated. Please log in.';

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
    : { problem: MSG.passwordsMismatch, fields: { confirmPassword: true } };

/** SPEC §2.11 Create password: the new password, sent with the code verified on the previous screen. */
export const ResetPasswordForm = () => {
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
        <Alert tone="info">
          To create a new password, first confirm the 6-digit code we e-mail you. Please request a new code.
        </Alert>
        <Link to={paths.resetPasswordRequest} className={buttonClassName({ size: 'lg', fullWidth: true })}>
          Request a code
        </Link>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const response = await reset.mutateAsync({ email: email.trim(), password, code });
    notify.success(response?.message || PASSWORD_UPDATED_MESSAGE);
    void navigate(paths.login);
  });

  const failed = form.failureMessage(MSG.registrationFailed);
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <EmailAddressField {...form.field('email')} />
      <NewPasswordFields
        label="Create Password"
        password={form.field('password')}
        confirmPassword={form.field('confirmPassword')}
      />
      {form.problem ? <Alert>{form.problem}</Alert> : null}
      {failed ? <Alert>{failed}</Alert> : null}
      <Button type="submit" size="lg" fullWidth isLoading={form.isSubmitting} loadingText="Saving...">
        Submit
      </Button>
    </form>
  );
};
