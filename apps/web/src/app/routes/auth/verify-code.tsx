import { AuthCard } from '@/components/layouts/auth-layout';
import { MailIcon } from '@/components/ui/icons';
import { VerifyCodeForm } from '@/features/auth/components/verify-code-form';

export const VerifyCodePage = () => (
  <AuthCard title="Check your e-mail" icon={<MailIcon />}>
    <VerifyCodeForm />
  </AuthCard>
);
