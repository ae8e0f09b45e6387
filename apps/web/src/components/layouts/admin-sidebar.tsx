import { SIDEBAR, type TeamRole } from '@skillwise/contracts';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import {
  CardIcon,
  ChartIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClipboardCheckIcon,
  FolderPlusIcon,
  GraduationIcon,
  GridIcon,
  LogoutIcon,
  PlusSquareIcon,
  ShieldIcon,
  SlidersIcon,
  TagIcon,
  UserPlusIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import { APP_NAME } from '@/config/app';
import { maySeeSection } from '@/features/team';
import { ADMIN_SECTION_LABELS } from '@/lib/admin-sections';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { ADMIN_SECTION_PATHS, type AdminSectionKey } from '@/lib/paths';

/**
 * SPEC §2.13: the sidebar entries in order, each storing its component key, and Plan & billing, Grading
 * and Team after them. Each entry is a link to its screen's address (lib/paths.ts).
 */
const ADMIN_SECTIONS: ReadonlyArray<{ key: AdminSectionKey; Icon: ComponentType<SVGProps<SVGSVGElement>> }> =
  [
    { key: 'dashboard', Icon: GridIcon },
    { key: 'courses', Icon: PlusSquareIcon },
    { key: 'category', Icon: TagIcon },
    { key: 'newcategory', Icon: FolderPlusIcon },
    { key: 'authors', Icon: UsersIcon },
    { key: 'createauthors', Icon: UserPlusIcon },
    { key: 'users', Icon: ChartIcon },
    { key: 'settings', Icon: SlidersIcon },
    { key: 'Mystudents', Icon: GraduationIcon },
    { key: 'billing', Icon: CardIcon },
    { key: 'grading', Icon: ClipboardCheckIcon },
    { key: 'team', Icon: ShieldIcon },
  ];

type AdminSidebarProps = {
  isOpen: boolean;
  onToggle: () => void;
  /** The highlighted entry; null when the screen belongs to none. */
  activeKey: AdminSectionKey | null;
  /** An entry was followed (its link navigates): remember it, close the sidebar on a narrow window. */
  onSelect: (key: AdminSectionKey) => void;
  onLogout: () => void;
  /** The member's role on the school's team: entries it may not use are left out (none while unknown). */
  role?: TeamRole | undefined;
};

const itemClass = (isActive: boolean, isOpen: boolean) =>
  cn(
    'flex h-11 w-full items-center gap-3 rounded-xl text-sm font-medium transition-colors',
    isOpen ? 'px-3' : 'justify-center px-0',
    isActive ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-300 hover:bg-white/10 hover:text-white',
  );

/** SPEC §2.13: 242 px wide when open, 72 px when collapsed. */
export const AdminSidebar = ({
  isOpen,
  onToggle,
  activeKey,
  onSelect,
  onLogout,
  role,
}: AdminSidebarProps) => {
  const t = useT();
  return (
    <aside
      aria-label={t('admin.sidebar.label')}
      style={{ width: isOpen ? SIDEBAR.expanded : SIDEBAR.collapsed }}
      className="fixed inset-y-0 inset-s-0 z-40 flex flex-col overflow-x-hidden border-e border-slate-800 bg-slate-900 transition-[width] duration-200"
    >
      <div className={cn('flex h-16 shrink-0 items-center gap-2.5', isOpen ? 'px-5' : 'justify-center')}>
        <LogoMark />
        {isOpen ? <span className="text-lg font-bold tracking-tight text-white">{APP_NAME}</span> : null}
      </div>
      <nav className="flex flex-1 flex-col gap-1 overflow-y-auto px-3 py-2">
        {ADMIN_SECTIONS.filter(({ key }) => maySeeSection(role, key)).map(({ key, Icon }) => {
          const label = t(ADMIN_SECTION_LABELS[key]);
          return (
            <Link
              key={key}
              to={ADMIN_SECTION_PATHS[key]}
              onClick={() => onSelect(key)}
              aria-current={activeKey === key ? 'page' : undefined}
              aria-label={isOpen ? undefined : label}
              title={isOpen ? undefined : label}
              className={itemClass(activeKey === key, isOpen)}
            >
              <Icon className="size-5 shrink-0" />
              {isOpen ? <span className="truncate">{label}</span> : null}
            </Link>
          );
        })}
      </nav>
      <div className="flex flex-col gap-1 border-t border-slate-800 px-3 py-3">
        <button
          type="button"
          onClick={onLogout}
          aria-label={isOpen ? undefined : t('admin.sidebar.logout')}
          title={isOpen ? undefined : t('admin.sidebar.logout')}
          className={itemClass(false, isOpen)}
        >
          <LogoutIcon data-points="inline" className="size-5 shrink-0" />
          {isOpen ? <span>{t('admin.sidebar.logout')}</span> : null}
        </button>
        <button
          type="button"
          onClick={onToggle}
          aria-label={isOpen ? t('admin.sidebar.collapseSidebar') : t('admin.sidebar.expandSidebar')}
          aria-expanded={isOpen}
          className={itemClass(false, isOpen)}
        >
          {isOpen ? (
            <ChevronLeftIcon className="size-5 shrink-0" />
          ) : (
            <ChevronRightIcon className="size-5 shrink-0" />
          )}
          {isOpen ? <span>{t('admin.sidebar.collapse')}</span> : null}
        </button>
      </div>
    </aside>
  );
};
