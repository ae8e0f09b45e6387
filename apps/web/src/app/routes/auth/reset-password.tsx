import { AuthCard } from '@/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export const ResetPasswordPage = () => (
  <AuthCard title="Create password" description="Choose a new password for your account.">
    <ResetPasswordForm />
  </AuthCard>
);
