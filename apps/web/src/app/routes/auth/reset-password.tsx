import { AuthCard } from '@/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

export const ResetPasswordPage = () => {
  const t = useT();
  const title = t('auth.authRoutes.resetPassword.title');
  usePageTitle(title);
  return (
    <AuthCard title={title} description={t('auth.authRoutes.resetPassword.description')}>
      <ResetPasswordForm />
    </AuthCard>
  );
};
