import { SIDEBAR } from '@skillwise/contracts';
import { useState } from 'react';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import {
  ADMIN_SECTIONS,
  type AdminSectionKey,
  AdminSidebar,
  isAdminSectionKey,
} from '@/components/layouts/admin-sidebar';
import { Avatar } from '@/components/layouts/user-menu';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { useMediaQuery } from '@/lib/use-media-query';

export type AdminOutletContext = {
  componentKey: AdminSectionKey;
  selectSection: (key: AdminSectionKey) => void;
};

export const useAdminSection = () => useOutletContext<AdminOutletContext>();

/** SPEC §2.13: screens chosen by their path come first and highlight the entry they belong to. */
const PATH_SECTIONS: Record<string, AdminSectionKey | null> = {
  [paths.admin.previousCourses]: 'dashboard',
  [paths.admin.myStudents]: 'Mystudents',
  [paths.admin.courseDetails]: 'dashboard',
  [paths.admin.curriculum]: 'dashboard',
  [paths.admin.createCourse]: 'dashboard',
  [paths.admin.previewCourse]: 'dashboard',
  [paths.admin.coursePages]: 'dashboard',
  [paths.admin.settings]: 'settings',
  [paths.admin.notifications]: null,
};

/** Screens named for themselves in the header rather than for the entry they belong to. */
const PATH_LABELS: Record<string, string> = {
  [paths.admin.previewCourse]: 'Course preview',
  [paths.admin.coursePages]: 'Course preview',
  [paths.admin.notifications]: 'Notifications',
};

/** Subscription and checkout are shown without the sidebar. */
const FULL_PAGE = [paths.admin.subscription, paths.admin.checkout];

const storedSection = (): AdminSectionKey => {
  const stored = storage.get('componentKey');
  return isAdminSectionKey(stored) ? stored : 'dashboard';
};

export const AdminLayout = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const isDesktop = useMediaQuery(`(min-width: ${SIDEBAR.breakpoint + 1}px)`);
  // SPEC §2.13: open by default when the window is wider than 768 px.
  const [isOpen, setOpen] = useState(() => window.innerWidth > SIDEBAR.breakpoint);
  const [componentKey, setComponentKey] = useState<AdminSectionKey>(storedSection);

  const path = pathname.replace(/\/+$/, '') || paths.admin.root;
  const isKeyDriven = path === paths.admin.root;

  const selectSection = (key: AdminSectionKey) => {
    // SPEC §2.13: Create New Course starts a new course, so the stored course id is dropped.
    if (key === 'courses') storage.remove('courseId');
    storage.set('componentKey', key);
    setComponentKey(key);
    if (!isKeyDriven) void navigate(paths.admin.root);
    if (!isDesktop) setOpen(false);
  };

  if (FULL_PAGE.some((fullPage) => path === fullPage)) return <Outlet />;

  const activeKey = isKeyDriven ? componentKey : (PATH_SECTIONS[path] ?? null);
  const activeLabel =
    PATH_LABELS[path] ?? ADMIN_SECTIONS.find((section) => section.key === activeKey)?.label ?? 'Dashboard';
  const email = storage.get('userEmail') ?? '';
  const context: AdminOutletContext = { componentKey, selectSection };

  return (
    <div className="flex min-h-dvh flex-1 flex-col">
      <AdminSidebar
        isOpen={isOpen}
        onToggle={() => setOpen((open) => !open)}
        activeKey={activeKey}
        onSelect={selectSection}
        onLogout={() => void logout()}
      />
      {isOpen && !isDesktop ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label="Close sidebar"
          onClick={() => setOpen(false)}
          className="fixed inset-0 z-30 bg-slate-900/40"
        />
      ) : null}
      <div
        style={{ paddingLeft: isOpen && isDesktop ? SIDEBAR.expanded : SIDEBAR.collapsed }}
        className="flex min-w-0 flex-1 flex-col transition-[padding] duration-200"
      >
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-4 border-b border-slate-200/70 bg-white/90 px-4 backdrop-blur-md sm:px-6 lg:px-8">
          <p className="truncate text-sm font-medium text-slate-500">
            <span className="hidden sm:inline">
              Publisher dashboard <span className="text-slate-300">/</span>{' '}
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
          <Outlet context={context} />
        </main>
      </div>
    </div>
  );
};
