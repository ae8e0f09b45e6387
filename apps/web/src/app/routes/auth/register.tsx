import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export const RegisterPage = () => (
  <AuthCard
    title="Create your account"
    description="Start learning on the Skillwise online learning platform."
  >
    <RegisterForm />
  </AuthCard>
);
