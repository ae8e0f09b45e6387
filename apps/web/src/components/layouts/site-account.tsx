import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { LogoutIcon } from '@/components/ui/icons';
import type { StoredSession } from '@/lib/storage';
import { wayBack } from './site-header';
import { Avatar, STAFF_MENU_ITEMS, USER_MENU_ITEMS, UserMenu, UserMenuEntry } from './user-menu';

/**
 * The public header's controls for someone signed in (decision 015), loaded only for them: a visitor's
 * first page does without the account menu's code.
 */
type SiteAccountProps = { session: StoredSession; onLogout: () => void };

const itemsOf = (session: StoredSession) => (session.isStudent ? USER_MENU_ITEMS : STAFF_MENU_ITEMS);

/** Beside the navigation on a wide screen: the way back and the account menu. */
export const SiteAccountBar = ({ session, onLogout }: SiteAccountProps) => {
  const back = wayBack(session);
  return (
    <div className="hidden items-center gap-2 md:flex">
      <Link to={back.to} className={buttonClassName({ size: 'sm' })}>
        {back.label}
      </Link>
      <UserMenu email={session.email} onLogout={onLogout} items={itemsOf(session)} />
    </div>
  );
};

/** The top of the mobile menu: who is signed in. */
export const SiteAccountBadge = ({ session }: { session: StoredSession }) => (
  <div className="mb-4 flex items-center gap-3 rounded-xl bg-slate-50 p-3">
    <Avatar email={session.email} />
    <p className="min-w-0 truncate text-sm font-semibold text-slate-900">{session.email}</p>
  </div>
);

/** The foot of the mobile menu: the way back, the account entries and Log Out. */
export const SiteAccountActions = ({
  session,
  onLogout,
  onChoose,
}: SiteAccountProps & { onChoose: () => void }) => {
  const back = wayBack(session);
  return (
    <div className="mt-6 flex flex-col gap-1 border-t border-slate-100 pt-6">
      <Link to={back.to} onClick={onChoose} className={buttonClassName({ fullWidth: true })}>
        {back.label}
      </Link>
      <ul className="mt-3 flex flex-col gap-1">
        {itemsOf(session).map((item) => (
          <li key={item.label}>
            <UserMenuEntry
              item={item}
              onChoose={onChoose}
              className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-600 hover:bg-slate-50"
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
        className="mt-3 flex w-full items-center gap-2 rounded-lg border-t border-slate-100 px-3 py-3 text-left text-sm font-medium text-rose-600 hover:bg-rose-50"
      >
        <LogoutIcon className="size-4" />
        Log Out
      </button>
    </div>
  );
};
