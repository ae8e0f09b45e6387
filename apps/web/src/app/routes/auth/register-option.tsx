import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterOptions } from '@/features/auth/components/register-options';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

export const RegisterOptionPage = () => {
  const t = useT();
  usePageTitle(t('auth.authRoutes.registerOption.pageTitle'));
  return (
    <AuthCard
      title={t('auth.authRoutes.registerOption.title')}
      description={t('auth.authRoutes.registerOption.description')}
    >
      <RegisterOptions />
    </AuthCard>
  );
};
