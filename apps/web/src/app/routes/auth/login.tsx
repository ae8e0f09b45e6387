import { AuthCard } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export const LoginPage = () => (
  <AuthCard title="Welcome back" description="Log in to continue learning.">
    <LoginForm />
  </AuthCard>
);
