import { Outlet } from 'react-router';
import { StudentHeader } from '@/components/layouts/student-header';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { storage } from '@/lib/storage';

/** SPEC §2.12: the student area has its own navigation in place of the public header. */
export const StudentsLayout = () => {
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <StudentHeader email={storage.get('userEmail') ?? ''} onLogout={() => void logout()} />
      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
        <Outlet />
      </main>
    </div>
  );
};
