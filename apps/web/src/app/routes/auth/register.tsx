import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useT } from '@/lib/i18n/use-t';

export const RegisterPage = () => {
  const t = useT();
  return (
    <AuthCard
      title={t('auth.authRoutes.register.title')}
      description={t('auth.authRoutes.register.description')}
    >
      <RegisterForm />
    </AuthCard>
  );
};
