import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { StudentHeader } from '@/components/layouts/student-header';
import { PageLoading } from '@/components/ui/spinner';
import { useMyProfile } from '@/features/account/api/account';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';

/**
 * SPEC §2.12: the student area has its own navigation in place of the public header, drawn while a
 * screen's code and first answers are still on their way (router.tsx).
 */
export const StudentsLayout = () => {
  const logout = useLogout();
  const { pathname } = useLocation();
  // The name shown in the header follows the account (a name saved on Profile shows at once).
  const name = useMyProfile().data?.fullName;
  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <StudentHeader
        email={storage.get('userEmail') ?? ''}
        {...(name ? { name } : {})}
        onLogout={() => void logout()}
        bell={<NotificationBell to={paths.students.notifications} />}
      />
      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
        {/* A boundary per page, as the public pages' (site-layout.tsx). */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
};
