import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

export const RegisterPage = () => {
  const t = useT();
  usePageTitle(t('auth.authRoutes.register.pageTitle'));
  return (
    <AuthCard
      title={t('auth.authRoutes.register.title')}
      description={t('auth.authRoutes.register.description')}
    >
      <RegisterForm />
    </AuthCard>
  );
};
