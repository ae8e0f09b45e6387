import { type ReactNode, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Modal } from '@/components/ui/modal';
import { cn } from '@/lib/cn';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { OpenMenuButton } from './open-menu-button';
import { AccountBadge, AccountEntries, USER_MENU_ITEMS, UserMenu } from './user-menu';

/** SPEC §2.12: the student area's top navigation; each entry also lights up on the pages it leads to. */
const NAV: Array<{ to: string; label: MessageId; also: string[] }> = [
  {
    to: paths.students.courses,
    label: 'common.nav.courses',
    also: [paths.students.root, paths.students.courseDetails, paths.students.checkout],
  },
  { to: paths.students.myCourses, label: 'common.nav.myCourses', also: [paths.students.takeCourse] },
  { to: paths.students.certificates, label: 'learning.layout.nav.certificates', also: [] },
  { to: paths.students.profile, label: 'learning.layout.nav.profile', also: [] },
];

const linkClass = (isActive: boolean) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900',
  );

type StudentHeaderProps = {
  email: string;
  /** The student's full name once loaded, shown with the e-mail in the user menu and the mobile menu. */
  name?: string;
  onLogout: () => void;
  /** The notifications bell with its unread count (features/notifications), composed by the layout. */
  bell: ReactNode;
};

export const StudentHeader = ({ email, name, onLogout, bell }: StudentHeaderProps) => {
  const t = useT();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.students.root} aria-label={t('learning.layout.home')} className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label={t('learning.layout.nav.label')} className="ms-6 hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) => linkClass(isActive || item.also.includes(pathname))}
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          {bell}
          <div className="hidden md:block">
            <UserMenu email={email} name={name} onLogout={onLogout} />
          </div>
          <OpenMenuButton isOpen={isMenuOpen} onOpen={() => setMenuOpen(true)} />
        </div>
      </div>

      <Modal open={isMenuOpen} onClose={close} title={t('common.nav.menu')} placement="right">
        <AccountBadge email={email} name={name} />
        <nav aria-label={t('learning.layout.nav.mobile')} className="flex flex-col gap-1">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              onClick={close}
              className={({ isActive }) => linkClass(isActive || item.also.includes(pathname))}
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <AccountEntries
          items={USER_MENU_ITEMS}
          onChoose={close}
          onLogout={onLogout}
          className="mt-4 border-t border-slate-100 pt-4"
        />
      </Modal>
    </header>
  );
};
