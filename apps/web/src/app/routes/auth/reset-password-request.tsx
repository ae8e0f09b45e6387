import { AuthCard } from '@/components/layouts/auth-layout';
import { LockIcon } from '@/components/ui/drawn-icons';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';
import { useT } from '@/lib/i18n/use-t';

export const ResetPasswordRequestPage = () => {
  const t = useT();
  return (
    <AuthCard
      title={t('auth.authRoutes.resetRequest.title')}
      description={t('auth.authRoutes.resetRequest.description')}
      icon={<LockIcon />}
    >
      <ResetRequestForm />
    </AuthCard>
  );
};
