import { AuthCard } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { useT } from '@/lib/i18n/use-t';

export const LoginPage = () => {
  const t = useT();
  return (
    <AuthCard title={t('auth.authRoutes.login.title')} description={t('auth.authRoutes.login.description')}>
      <LoginForm />
    </AuthCard>
  );
};
