import { Outlet } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';

export const AuthRouteLayout = () => (
  <AuthLayout>
    <Outlet />
  </AuthLayout>
);
