import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, LogoutIcon } from '@/components/ui/icons';
import { useDismiss } from '@/components/ui/use-dismiss';
import { cn } from '@/lib/cn';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

/** A user menu entry (its label a catalogue key): a page it leads to, or none yet (choosing it only closes the menu). */
export type UserMenuItem = { label: MessageId; to?: string };

/** SPEC §2.12: Account Settings leads to the account's name and password; the others have no action yet. */
export const USER_MENU_ITEMS: UserMenuItem[] = [
  { label: 'common.layout.menu.settings', to: paths.students.settings },
  { label: 'common.layout.menu.upgrade' },
  { label: 'common.layout.menu.activity' },
  { label: 'common.layout.menu.inbox' },
];

/** A school's account menu on the public pages, beside its Dashboard link: more of its own screens. */
export const STAFF_MENU_ITEMS: UserMenuItem[] = [
  { label: 'common.layout.menu.myStudents', to: paths.admin.myStudents },
  { label: 'common.layout.menu.notifications', to: paths.admin.notifications },
];

/** One entry of the user menu (the dropdown's or the mobile menu's): a link when it leads somewhere. */
export const UserMenuEntry = ({
  item,
  onChoose,
  className,
}: {
  item: UserMenuItem;
  onChoose: () => void;
  className: string;
}) => {
  const t = useT();
  return item.to ? (
    <Link to={item.to} onClick={onChoose} className={cn('block', className)}>
      {t(item.label)}
    </Link>
  ) : (
    <button type="button" onClick={onChoose} className={className}>
      {t(item.label)}
    </button>
  );
};

/** The avatar's letter: the name's first, else the e-mail's. */
export const Avatar = ({ email, name, className }: { email: string; name?: string; className?: string }) => (
  <span
    aria-hidden="true"
    className={cn(
      'flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white',
      className,
    )}
  >
    {(name?.trim() || email).charAt(0).toUpperCase() || '?'}
  </span>
);

type UserMenuProps = {
  email: string;
  /** The account's full name, once known (users/GetMyProfile); the e-mail stands in until then. */
  name?: string;
  onLogout: () => void;
  /** The entries above Log Out: a student's (SPEC §2.12) unless told otherwise. */
  items?: UserMenuItem[];
};

/**
 * A disclosure (a button that shows a panel of links, the WAI-ARIA pattern for a site's menus) with the
 * signed-in name and e-mail, the account entries and Log Out; it closes as useDismiss says.
 */
export const UserMenu = ({ email, name, onLogout, items = USER_MENU_ITEMS }: UserMenuProps) => {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useDismiss(isOpen, rootRef, triggerRef, () => setOpen(false));

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
        className="flex items-center gap-2 rounded-full p-1 pe-2 text-slate-700 hover:bg-slate-100"
      >
        {/* Named by its text, so the name shown beside the avatar is part of it (WCAG 2.5.3). */}
        <span className="sr-only">{t('common.layout.menu.label')}</span>
        <Avatar email={email} name={name} />
        {name ? (
          <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 lg:block">{name}</span>
        ) : null}
        <ChevronDownIcon className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
      </button>
      {isOpen ? (
        <div
          id={panelId}
          className="absolute inset-e-0 z-50 mt-2 w-64 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-raised"
        >
          <AccountIdentity
            email={email}
            name={name}
            caption={t('common.layout.menu.signedInAs')}
            className="border-b border-slate-100 p-4"
          />
          <ul className="p-2">
            {items.map((item) => (
              <li key={item.label}>
                <UserMenuEntry
                  item={item}
                  onChoose={() => setOpen(false)}
                  className="w-full rounded-lg px-3 py-2 text-start text-sm text-slate-700 hover:bg-slate-50"
                />
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-100 p-2">
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm font-medium text-rose-600 hover:bg-rose-50"
            >
              <LogoutIcon className="size-4" />
              {t('common.layout.menu.logOut')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
};

/** The top of a mobile menu: who is signed in (the name too, once known). */
export const AccountBadge = ({ email, name }: { email: string; name?: string }) => (
  <AccountIdentity email={email} name={name} className="mb-4 rounded-xl bg-slate-50 p-3" />
);

/** The avatar beside the account's name (once known) and e-mail, under an optional caption. */
const AccountIdentity = ({
  email,
  name,
  caption,
  className,
}: {
  email: string;
  name?: string | undefined;
  caption?: string;
  className: string;
}) => (
  <div className={cn('flex items-center gap-3', className)}>
    <Avatar email={email} name={name} />
    <div className="min-w-0">
      {caption ? <p className="text-xs text-slate-500">{caption}</p> : null}
      {name ? <p className="truncate text-sm font-semibold text-slate-900">{name}</p> : null}
      <p className={cn('truncate text-sm', name ? 'text-slate-600' : 'font-semibold text-slate-900')}>
        {email}
      </p>
    </div>
  </div>
);

/** A mobile menu's account entries, then Log Out; choosing one closes the menu (`onChoose`). */
export const AccountEntries = ({
  items,
  onChoose,
  onLogout,
  className,
}: {
  items: UserMenuItem[];
  onChoose: () => void;
  onLogout: () => void;
  className?: string;
}) => {
  const t = useT();
  return (
    <>
      <ul className={cn('flex flex-col gap-1', className)}>
        {items.map((item) => (
          <li key={item.label}>
            <UserMenuEntry
              item={item}
              onChoose={onChoose}
              className="w-full rounded-lg px-3 py-2 text-start text-sm text-slate-600 hover:bg-slate-50"
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          onChoose();
          onLogout();
        }}
        className="mt-3 flex w-full items-center gap-2 rounded-lg border-t border-slate-100 px-3 py-3 text-start text-sm font-medium text-rose-600 hover:bg-rose-50"
      >
        <LogoutIcon className="size-4" />
        {t('common.layout.menu.logOut')}
      </button>
    </>
  );
};
