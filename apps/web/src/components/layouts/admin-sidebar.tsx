import { SIDEBAR } from '@skillwise/contracts';
import type { ComponentType, SVGProps } from 'react';
import {
  ChartIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  FolderPlusIcon,
  GraduationIcon,
  GridIcon,
  LogoutIcon,
  PlusSquareIcon,
  SlidersIcon,
  TagIcon,
  UserPlusIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import { cn } from '@/lib/cn';

/** SPEC §2.13: the sidebar entries and the component key each one stores. */
export const ADMIN_SECTIONS = [
  { key: 'dashboard', label: 'My Course', Icon: GridIcon },
  { key: 'courses', label: 'Create New Course', Icon: PlusSquareIcon },
  { key: 'category', label: 'Category', Icon: TagIcon },
  { key: 'newcategory', label: 'Create Category', Icon: FolderPlusIcon },
  { key: 'authors', label: 'Authors', Icon: UsersIcon },
  { key: 'createauthors', label: 'Create New Author', Icon: UserPlusIcon },
  { key: 'users', label: 'Sales', Icon: ChartIcon },
  { key: 'settings', label: 'Settings', Icon: SlidersIcon },
  { key: 'Mystudents', label: 'My Students', Icon: GraduationIcon },
] as const satisfies ReadonlyArray<{
  key: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}>;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

export const isAdminSectionKey = (value: string | null): value is AdminSectionKey =>
  ADMIN_SECTIONS.some((section) => section.key === value);

type AdminSidebarProps = {
  isOpen: boolean;
  onToggle: () => void;
  /** The highlighted entry; null when the screen was chosen by its path. */
  activeKey: AdminSectionKey | null;
  onSelect: (key: AdminSectionKey) => void;
  onLogout: () => void;
};

const itemClass = (isActive: boolean, isOpen: boolean) =>
  cn(
    'flex h-11 w-full items-center gap-3 rounded-xl text-sm font-medium transition-colors',
    isOpen ? 'px-3' : 'justify-center px-0',
    isActive ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-300 hover:bg-white/10 hover:text-white',
  );

/** SPEC §2.13: 242 px wide when open, 72 px when collapsed. */
export const AdminSidebar = ({ isOpen, onToggle, activeKey, onSelect, onLogout }: AdminSidebarProps) => (
  <aside
    aria-label="Admin"
    style={{ width: isOpen ? SIDEBAR.expanded : SIDEBAR.collapsed }}
    className="fixed inset-y-0 left-0 z-40 flex flex-col overflow-x-hidden border-r border-slate-800 bg-slate-900 transition-[width] duration-200"
  >
    <div className={cn('flex h-16 shrink-0 items-center gap-2.5', isOpen ? 'px-5' : 'justify-center')}>
      <LogoMark />
      {isOpen ? <span className="text-lg font-bold tracking-tight text-white">Skillwise</span> : null}
    </div>
    <nav className="flex flex-1 flex-col gap-1 overflow-y-auto px-3 py-2">
      {ADMIN_SECTIONS.map(({ key, label, Icon }) => (
        <button
          key={key}
          type="button"
          onClick={() => onSelect(key)}
          aria-current={activeKey === key ? 'page' : undefined}
          aria-label={isOpen ? undefined : label}
          title={isOpen ? undefined : label}
          className={itemClass(activeKey === key, isOpen)}
        >
          <Icon className="size-5 shrink-0" />
          {isOpen ? <span className="truncate">{label}</span> : null}
        </button>
      ))}
    </nav>
    <div className="flex flex-col gap-1 border-t border-slate-800 px-3 py-3">
      <button
        type="button"
        onClick={onLogout}
        aria-label={isOpen ? undefined : 'Logout'}
        title={isOpen ? undefined : 'Logout'}
        className={itemClass(false, isOpen)}
      >
        <LogoutIcon className="size-5 shrink-0" />
        {isOpen ? <span>Logout</span> : null}
      </button>
      <button
        type="button"
        onClick={onToggle}
        aria-label={isOpen ? 'Collapse sidebar' : 'Expand sidebar'}
        aria-expanded={isOpen}
        className={itemClass(false, isOpen)}
      >
        {isOpen ? (
          <ChevronLeftIcon className="size-5 shrink-0" />
        ) : (
          <ChevronRightIcon className="size-5 shrink-0" />
        )}
        {isOpen ? <span>Collapse</span> : null}
      </button>
    </div>
  </aside>
);
