import { AuthCard } from '@/components/layouts/auth-layout';
import { useHeading } from '@/components/ui/page-header';
import { RegisterOptions } from '@/features/auth/components/register-options';

export const RegisterOptionPage = () => (
  <AuthCard {...useHeading('auth.authRoutes.registerOption')}>
    <RegisterOptions />
  </AuthCard>
);
