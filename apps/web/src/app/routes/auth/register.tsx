import { AuthCard } from '@/components/layouts/auth-layout';
import { useHeading } from '@/components/ui/page-header';
import { RegisterForm } from '@/features/auth/components/register-form';

export const RegisterPage = () => (
  <AuthCard {...useHeading('auth.authRoutes.register')}>
    <RegisterForm />
  </AuthCard>
);
