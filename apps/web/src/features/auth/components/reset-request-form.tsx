import { MSG } from '@skillwise/contracts';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { useRequestPasswordReset } from '../api/verification';
import { EmailAddressField } from './account-fields';

const CODE_SENT_MESSAGE = 'We sent a 6-digit code to your e-mail address.';

/** SPEC §8: an unknown e-mail (404) gets its own hint; anything else asks to try again. */
const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.status === 404 ? MSG.codeSendFailedCheckEmail : MSG.codeSendFailed;

/** SPEC §2.11: e-mail a reset code, then verify it. */
export const ResetRequestForm = () => {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useForm({ initial: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    await request.mutateAsync(email.trim());
    notify.success(CODE_SENT_MESSAGE);
    void navigate(paths.verifyCode);
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      <EmailAddressField placeholder="you@example.com" {...form.field('email')} />
      {form.failure ? <Alert>{failureMessage(form.failure)}</Alert> : null}
      <Button type="submit" size="lg" fullWidth isLoading={form.isSubmitting} loadingText="Sending...">
        Submit
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={paths.login} className="font-semibold text-brand-600 hover:underline">
          Back to Log In
        </Link>
      </p>
    </form>
  );
};
