import { SIDEBAR } from '@skillwise/contracts';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { AdminSidebar } from '@/components/layouts/admin-sidebar';
import { Avatar } from '@/components/layouts/user-menu';
import { LoadingBlock, PageLoading } from '@/components/ui/spinner';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useMyRole } from '@/features/team/api/team';
import { NotYourRole } from '@/features/team/components/not-your-role';
import { gateOf, rolePasses, waitsForRole } from '@/features/team/lib/role-access';
import { ADMIN_SECTION_LABELS, adminSectionAt } from '@/lib/admin-sections';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { ADMIN_SECTION_PATHS, type AdminSectionKey, paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { useMediaQuery } from '@/lib/use-media-query';

export type AdminOutletContext = {
  /** Opens a sidebar entry's screen at its address, as following the entry does. */
  selectSection: (key: AdminSectionKey) => void;
};

export const useAdminSection = () => useOutletContext<AdminOutletContext>();

/** Screens named for themselves in the header rather than for the entry they belong to. */
const PATH_LABELS: Record<string, MessageId> = {
  [paths.admin.previewCourse]: 'admin.adminRoutes.layout.coursePreview',
  [paths.admin.coursePages]: 'admin.adminRoutes.layout.coursePreview',
  [paths.admin.notifications]: 'admin.adminRoutes.layout.notifications',
  [paths.admin.quizResults]: 'admin.adminRoutes.layout.quizResults',
};

/** Subscription and checkout are shown without the sidebar. */
const FULL_PAGE = [paths.admin.subscription, paths.admin.checkout];

/**
 * SPEC §2.13: Create New Course starts a new course, so the stored course id is dropped; the key is
 * remembered for /admin alone. The address (lib/paths.ts) says which screen shows.
 */
const rememberSection = (key: AdminSectionKey) => {
  if (key === 'courses') storage.remove('courseId');
  storage.set('componentKey', key);
};

export const AdminLayout = () => {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const isDesktop = useMediaQuery(`(min-width: ${SIDEBAR.breakpoint + 1}px)`);
  // SPEC §2.13: open by default when the window is wider than 768 px.
  const [isOpen, setOpen] = useState(() => window.innerWidth > SIDEBAR.breakpoint);

  const path = location.pathname.replace(/\/+$/, '') || paths.admin.root;
  const activeKey = adminSectionAt(location);
  // The member's role on the school's team, asked once: what it may not use is not shown (decision 039).
  const myRole = useMyRole();
  const role = myRole.data?.role;
  const isAllowed = rolePasses(role, gateOf(path, activeKey));
  // A screen not every member may open waits for the role rather than start and be refused.
  const isDeciding = waitsForRole(path, activeKey) && myRole.isPending;

  // The screen shown is the one remembered next (Back, a link or a notification may have opened it).
  useEffect(() => {
    if (activeKey !== null) storage.set('componentKey', activeKey);
  }, [activeKey]);

  const onSelect = (key: AdminSectionKey) => {
    rememberSection(key);
    if (!isDesktop) setOpen(false);
  };
  const selectSection = (key: AdminSectionKey) => {
    onSelect(key);
    void navigate(ADMIN_SECTION_PATHS[key]);
  };

  if (FULL_PAGE.some((fullPage) => path === fullPage)) {
    if (isDeciding) return <PageLoading />;
    return isAllowed ? (
      <Outlet />
    ) : (
      <main className="flex min-h-dvh flex-1 flex-col justify-center px-4 py-8">
        <NotYourRole />
      </main>
    );
  }

  const activeLabel = t(
    PATH_LABELS[path] ?? (activeKey ? ADMIN_SECTION_LABELS[activeKey] : 'admin.adminRoutes.layout.dashboard'),
  );
  const email = storage.get('userEmail') ?? '';
  const context: AdminOutletContext = { selectSection };

  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <AdminSidebar
        isOpen={isOpen}
        onToggle={() => setOpen((open) => !open)}
        activeKey={activeKey}
        onSelect={onSelect}
        onLogout={() => void logout()}
        role={role}
      />
      {isOpen && !isDesktop ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('admin.adminRoutes.layout.closeSidebar')}
          onClick={() => setOpen(false)}
          className="fixed inset-0 z-30 bg-slate-900/40"
        />
      ) : null}
      <div
        style={{ paddingInlineStart: isOpen && isDesktop ? SIDEBAR.expanded : SIDEBAR.collapsed }}
        className="flex min-w-0 flex-1 flex-col transition-[padding] duration-200"
      >
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-4 border-b border-slate-200/70 bg-white/90 px-4 backdrop-blur-md sm:px-6 lg:px-8">
          <p className="truncate text-sm font-medium text-slate-500">
            <span className="hidden sm:inline">
              {t('admin.adminRoutes.layout.publisherDashboard')} <span className="text-slate-300">
                /
              </span>{' '}
            </span>
            <span className="text-slate-900">{activeLabel}</span>
          </p>
          <div className="flex min-w-0 items-center gap-3">
            <NotificationBell to={paths.admin.notifications} />
            <span className="hidden truncate text-sm text-slate-600 sm:block">{email}</span>
            <Avatar email={email} />
          </div>
        </header>
        <main className="flex min-w-0 flex-1 flex-col px-4 py-8 sm:px-6 lg:px-8">
          {isDeciding ? <LoadingBlock /> : isAllowed ? <Outlet context={context} /> : <NotYourRole />}
        </main>
      </div>
    </div>
  );
};
