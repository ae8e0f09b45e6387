import { AuthCard } from '@/components/layouts/auth-layout';
import { useHeading } from '@/components/ui/page-header';
import { LoginForm } from '@/features/auth/components/login-form';

export const LoginPage = () => (
  <AuthCard {...useHeading('auth.authRoutes.login')}>
    <LoginForm />
  </AuthCard>
);
