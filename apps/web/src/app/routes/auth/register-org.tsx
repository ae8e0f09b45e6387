import { AuthCard } from '@/components/layouts/auth-layout';
import { RegisterOrgForm } from '@/features/auth/components/register-org-form';

export const RegisterOrgPage = () => (
  <AuthCard wide title="Register your organization" description="Publish and sell your courses on Skillwise.">
    <RegisterOrgForm />
  </AuthCard>
);
