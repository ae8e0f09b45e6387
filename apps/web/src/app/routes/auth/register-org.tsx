import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterOrgForm } from '@/features/auth/components/register-org-form';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

export const RegisterOrgPage = () => {
  const t = useT();
  const title = t('auth.authRoutes.registerOrg.title');
  usePageTitle(title);
  return (
    <AuthCard wide title={title} description={t('auth.authRoutes.registerOrg.description')}>
      <RegisterOrgForm />
    </AuthCard>
  );
};
