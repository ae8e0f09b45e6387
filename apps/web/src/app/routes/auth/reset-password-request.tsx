import { AuthCard } from '@/components/layouts/auth-layout';
import { LockIcon } from '@/components/ui/drawn-icons';
import { useHeading } from '@/components/ui/page-header';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';

export const ResetPasswordRequestPage = () => (
  <AuthCard {...useHeading('auth.authRoutes.resetRequest')} icon={<LockIcon />}>
    <ResetRequestForm />
  </AuthCard>
);
