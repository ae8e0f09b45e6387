import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { t as translate } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useRequestPasswordReset } from '../api/verification';
import { EmailAddressField } from './account-fields';

/** SPEC §8: an unknown e-mail (404) gets its own hint; anything else asks to try again. */
const failureMessage = (error: unknown): string =>
  translate(
    error instanceof ApiError && error.status === 404
      ? 'common.msg.codeSendFailedCheckEmail'
      : 'common.msg.codeSendFailed',
  );

/** SPEC §2.11: e-mail a reset code, then verify it. */
export const ResetRequestForm = () => {
  const t = useT();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useForm({ initial: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    await request.mutateAsync(email.trim());
    notify.success(t('auth.auth.resetRequest.codeSent'));
    void navigate(paths.verifyCode);
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <EmailAddressField withPlaceholder {...form.field('email')} />
      {form.failure ? <Alert>{failureMessage(form.failure)}</Alert> : null}
      <SubmitButton form={form} size="lg" fullWidth loadingText={t('auth.auth.resetRequest.sending')}>
        {t('auth.auth.resetRequest.submit')}
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        <T
          id="auth.auth.resetRequest.remembered"
          components={{
            0: <Link to={paths.login} className="font-semibold text-brand-600 hover:underline" />,
          }}
        />
      </p>
    </form>
  );
};
