import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterOptions } from '@/features/auth/components/register-options';

export const RegisterOptionPage = () => (
  <AuthCard title="Join Skillwise" description="How would you like to get started?">
    <RegisterOptions />
  </AuthCard>
);
