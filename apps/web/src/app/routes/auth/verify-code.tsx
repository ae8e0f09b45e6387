import { AuthCard } from '@/components/layouts/auth-layout';
import { MailIcon } from '@/components/ui/icons';
import { VerifyCodeForm } from '@/features/auth/components/verify-code-form';
import { useT } from '@/lib/i18n/use-t';

export const VerifyCodePage = () => {
  const t = useT();
  return (
    <AuthCard title={t('auth.authRoutes.verifyCode.title')} icon={<MailIcon />}>
      <VerifyCodeForm />
    </AuthCard>
  );
};
