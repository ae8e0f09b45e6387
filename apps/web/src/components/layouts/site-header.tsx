import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import type { StoredSession } from '@/lib/storage';
import { OpenMenuButton } from './open-menu-button';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
  );

// The mobile menu's panel comes with its first opening, not with every public page; the signed-in
// controls come only for someone signed in.
const Modal = lazy(() => import('@/components/ui/modal').then((module) => ({ default: module.Modal })));
const SiteAccountBar = lazy(() =>
  import('./site-account').then((module) => ({ default: module.SiteAccountBar })),
);
const SiteAccountBadge = lazy(() =>
  import('./site-account').then((module) => ({ default: module.SiteAccountBadge })),
);
const SiteAccountActions = lazy(() =>
  import('./site-account').then((module) => ({ default: module.SiteAccountActions })),
);

/** SPEC §2.2: 'All Mentors' and 'Contact' lead nowhere yet; they stay harmless buttons. */
const PLACEHOLDER_LINKS = ['common.nav.allMentors', 'common.nav.contact'] as const;

/** A signed-in person's way back from a public page: a student's courses, a school's dashboard. */
export const wayBack = (session: StoredSession): { label: MessageId; to: string } =>
  session.isStudent
    ? { label: 'common.nav.myCourses', to: paths.students.myCourses }
    : { label: 'common.nav.dashboard', to: paths.admin.root };

type SiteHeaderProps = {
  /** Who is signed in on this browser, or null for a visitor. */
  session: StoredSession | null;
  onLogout: () => void;
};

/**
 * The public header: Home, Courses, All Mentors, Contact, with a mobile side menu. A visitor gets Sign In
 * and Join Now (SPEC §2.2); someone signed in gets their way back (My Courses or Dashboard) and their
 * account menu instead, since opening a public page keeps them signed in (decision 015).
 */
export const SiteHeader = ({ session, onLogout }: SiteHeaderProps) => {
  const t = useT();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [hasMenu, setHasMenu] = useState(false);
  const open = () => {
    setHasMenu(true);
    setMenuOpen(true);
  };
  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} aria-label={t('common.nav.home.label')} className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label={t('common.nav.main')} className="hidden items-center gap-1 md:flex">
          <NavLink to={paths.home} end className={navLinkClass}>
            {t('common.nav.home')}
          </NavLink>
          <NavLink to={paths.courses} className={navLinkClass}>
            {t('common.nav.courses')}
          </NavLink>
          {PLACEHOLDER_LINKS.map((label) => (
            <button key={label} type="button" className={navLinkClass({ isActive: false })}>
              {t(label)}
            </button>
          ))}
        </nav>
        {session ? (
          <Suspense fallback={null}>
            <SiteAccountBar session={session} onLogout={onLogout} />
          </Suspense>
        ) : (
          <div className="hidden items-center gap-2 md:flex">
            <Link to={paths.login} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              {t('common.nav.signIn')}
            </Link>
            <Link to={paths.registerOption} className={buttonClassName({ size: 'sm' })}>
              {t('common.nav.joinNow')}
            </Link>
          </div>
        )}
        <OpenMenuButton isOpen={isMenuOpen} onOpen={open} />
      </div>

      {hasMenu ? (
        <Suspense fallback={null}>
          <Modal open={isMenuOpen} onClose={close} title={t('common.nav.menu')} placement="right">
            {session ? <SiteAccountBadge session={session} /> : null}
            <nav aria-label={t('common.nav.mobile')} className="flex flex-col gap-1">
              <NavLink to={paths.home} end onClick={close} className={navLinkClass}>
                {t('common.nav.home')}
              </NavLink>
              <NavLink to={paths.courses} onClick={close} className={navLinkClass}>
                {t('common.nav.courses')}
              </NavLink>
              {PLACEHOLDER_LINKS.map((label) => (
                <button
                  key={label}
                  type="button"
                  onClick={close}
                  className={cn(navLinkClass({ isActive: false }), 'text-start')}
                >
                  {t(label)}
                </button>
              ))}
            </nav>
            {session ? (
              <SiteAccountActions session={session} onLogout={onLogout} onChoose={close} />
            ) : (
              <div className="mt-6 flex flex-col gap-2 border-t border-slate-100 pt-6">
                <Link
                  to={paths.login}
                  onClick={close}
                  className={buttonClassName({ variant: 'outline', fullWidth: true })}
                >
                  {t('common.nav.signIn')}
                </Link>
                {/* SPEC §2.2: on mobile, Join Now goes straight to student sign-up. */}
                <Link to={paths.register} onClick={close} className={buttonClassName({ fullWidth: true })}>
                  {t('common.nav.joinNow')}
                </Link>
              </div>
            )}
          </Modal>
        </Suspense>
      ) : null}
    </header>
  );
};
