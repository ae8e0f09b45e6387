import { AuthCard } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

export const LoginPage = () => {
  const t = useT();
  usePageTitle(t('auth.authRoutes.login.pageTitle'));
  return (
    <AuthCard title={t('auth.authRoutes.login.title')} description={t('auth.authRoutes.login.description')}>
      <LoginForm />
    </AuthCard>
  );
};
