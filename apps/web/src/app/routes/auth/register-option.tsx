import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterOptions } from '@/features/auth/components/register-options';
import { useT } from '@/lib/i18n/use-t';

export const RegisterOptionPage = () => {
  const t = useT();
  return (
    <AuthCard
      title={t('auth.authRoutes.registerOption.title')}
      description={t('auth.authRoutes.registerOption.description')}
    >
      <RegisterOptions />
    </AuthCard>
  );
};
