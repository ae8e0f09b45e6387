import type { ComponentType, SVGProps } from 'react';
import { Link, Navigate } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon, ChartIcon, ChevronLeftIcon, LogoutIcon, UserIcon, UsersIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import { APP_NAME } from '@/config/app';
import { useLogout } from '@/features/auth/api/logout';
import { StudentEnrollments } from '@/features/students/components/student-enrollments';
import { StudentProfile } from '@/features/students/components/student-profile';
import { StudentPurchases } from '@/features/students/components/student-purchases';
import { useMyRole } from '@/features/team/api/team';
import { cn } from '@/lib/cn';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { useSearchParam } from '@/lib/use-search-param';

/** SPEC §2.14 sidebar: Information (profile), Purchases, Enrollments. */
const TABS = [
  { key: 'profile', label: 'admin.adminRoutes.studentManagement.information', Icon: UserIcon },
  { key: 'purchases', label: 'admin.adminRoutes.studentManagement.purchases', Icon: ChartIcon },
  { key: 'enrollments', label: 'admin.adminRoutes.studentManagement.enrollments', Icon: BookIcon },
] as const satisfies ReadonlyArray<{
  key: string;
  label: MessageId;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}>;

type TabKey = (typeof TABS)[number]['key'];

const tabOf = (value: string): TabKey => TABS.find((tab) => tab.key === value)?.key ?? 'profile';

const itemClass = (isActive: boolean) =>
  cn(
    'flex h-11 shrink-0 items-center gap-3 rounded-xl px-3 text-sm font-medium whitespace-nowrap transition-colors',
    isActive ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-300 hover:bg-white/10 hover:text-white',
  );

const parseUserId = (raw: string | null): number | null => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * SPEC §2.14 student management (/myStudents): the student chosen in My Students (selectedUserID,
 * selectedUserEmail). An organisation whose subscription lapsed is sent to the plans first.
 */
export const StudentManagementPage = () => {
  const t = useT();
  const logout = useLogout();
  // The member's role on the school's team, which the enrolment controls follow (docs/decisions/039).
  useMyRole();
  const [tabParam, setTab] = useSearchParam('tab');
  const tab = tabOf(tabParam);
  const userId = parseUserId(storage.get('selectedUserId'));
  const email = storage.get('selectedUserEmail') ?? '';

  if (storage.get('subscriptionStatus') === 'inactive')
    return <Navigate to={paths.admin.subscription} replace />;

  const content =
    userId === null || email === '' ? (
      <EmptyState
        icon={<UsersIcon />}
        title={t('admin.adminRoutes.studentManagement.noStudent')}
        hint={t('admin.adminRoutes.studentManagement.noStudentHint')}
        action={
          <Link to={paths.admin.myStudents} className={buttonClassName()}>
            {t('admin.adminRoutes.studentManagement.goBack')}
          </Link>
        }
      />
    ) : tab === 'purchases' ? (
      <StudentPurchases userId={String(userId)} />
    ) : tab === 'enrollments' ? (
      <StudentEnrollments userId={userId} />
    ) : (
      <StudentProfile email={email} />
    );

  return (
    <div className="flex min-h-dvh flex-1 flex-col md:flex-row">
      <aside
        aria-label={t('admin.adminRoutes.studentManagement.title')}
        className="z-30 flex shrink-0 flex-col bg-slate-900 md:sticky md:top-0 md:h-dvh md:w-[242px]"
      >
        <div className="flex h-16 shrink-0 items-center gap-2.5 px-5">
          <LogoMark />
          <span className="text-lg font-bold tracking-tight text-white">{APP_NAME}</span>
          {/* On a phone the way out sits beside the logo and the sections fill one row below. */}
          <div className="ms-auto flex items-center gap-1 md:hidden">
            <Link to={paths.admin.myStudents} className={cn(itemClass(false), 'h-9 px-2.5')}>
              <ChevronLeftIcon className="size-5 shrink-0" />
              {t('admin.adminRoutes.studentManagement.goBack')}
            </Link>
            <button
              type="button"
              onClick={() => void logout()}
              aria-label={t('admin.adminRoutes.studentManagement.logout')}
              title={t('admin.adminRoutes.studentManagement.logout')}
              className={cn(itemClass(false), 'h-9 px-2.5')}
            >
              <LogoutIcon data-points="inline" className="size-5 shrink-0" />
            </button>
          </div>
        </div>
        <nav
          aria-label={t('admin.adminRoutes.studentManagement.sections')}
          className="flex flex-1 flex-col px-3 pb-3 md:py-2"
        >
          <div className="grid grid-cols-3 gap-1 md:flex md:flex-col">
            {TABS.map(({ key, label, Icon }) => (
              <button
                key={key}
                type="button"
                onClick={() => setTab(key === 'profile' ? '' : key)}
                aria-current={tab === key ? 'page' : undefined}
                className={cn(itemClass(tab === key), 'justify-center px-2 md:justify-start md:px-3')}
              >
                <Icon className="hidden size-5 shrink-0 md:block" />
                {t(label)}
              </button>
            ))}
          </div>
          <div className="mt-auto hidden flex-col gap-1 border-t border-slate-800 pt-3 md:flex">
            <Link to={paths.admin.myStudents} className={itemClass(false)}>
              <ChevronLeftIcon className="size-5 shrink-0" />
              {t('admin.adminRoutes.studentManagement.goBack')}
            </Link>
            <button type="button" onClick={() => void logout()} className={itemClass(false)}>
              <LogoutIcon data-points="inline" className="size-5 shrink-0" />
              {t('admin.adminRoutes.studentManagement.logout')}
            </button>
          </div>
        </nav>
      </aside>
      <main className="flex min-w-0 flex-1 flex-col gap-6 px-4 py-8 sm:px-6 lg:px-10">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">
            {t('admin.adminRoutes.studentManagement.title')}
          </p>
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {email || t('admin.adminRoutes.studentManagement.title')}
          </h1>
        </div>
        {content}
      </main>
    </div>
  );
};
