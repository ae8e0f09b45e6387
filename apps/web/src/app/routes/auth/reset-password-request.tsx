import { AuthCard } from '@/components/layouts/auth-layout';
import { LockIcon } from '@/components/ui/drawn-icons';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';

export const ResetPasswordRequestPage = () => (
  <AuthCard
    title="Forgot your password?"
    description="Enter your e-mail address and we will send you a 6-digit code."
    icon={<LockIcon />}
  >
    <ResetRequestForm />
  </AuthCard>
);
