import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';
import type { StoredSession } from '@/lib/storage';
import { wayBack } from './site-header';
import { AccountBadge, AccountEntries, STAFF_MENU_ITEMS, USER_MENU_ITEMS, UserMenu } from './user-menu';

/**
 * The public header's controls for someone signed in (decision 015), loaded only for them: a visitor's
 * first page does without the account menu's code.
 */
type SiteAccountProps = { session: StoredSession; onLogout: () => void };

const itemsOf = (session: StoredSession) => (session.isStudent ? USER_MENU_ITEMS : STAFF_MENU_ITEMS);

/** Beside the navigation on a wide screen: the way back and the account menu. */
export const SiteAccountBar = ({ session, onLogout }: SiteAccountProps) => {
  const t = useT();
  const back = wayBack(session);
  return (
    <div className="hidden items-center gap-2 md:flex">
      <Link to={back.to} className={buttonClassName({ size: 'sm' })}>
        {t(back.label)}
      </Link>
      <UserMenu email={session.email} onLogout={onLogout} items={itemsOf(session)} />
    </div>
  );
};

/** The top of the mobile menu: who is signed in. */
export const SiteAccountBadge = ({ session }: { session: StoredSession }) => (
  <AccountBadge email={session.email} />
);

/** The foot of the mobile menu: the way back, the account entries and Log Out. */
export const SiteAccountActions = ({
  session,
  onLogout,
  onChoose,
}: SiteAccountProps & { onChoose: () => void }) => {
  const t = useT();
  const back = wayBack(session);
  return (
    <div className="mt-6 flex flex-col gap-1 border-t border-slate-100 pt-6">
      <Link to={back.to} onClick={onChoose} className={buttonClassName({ fullWidth: true })}>
        {t(back.label)}
      </Link>
      <AccountEntries items={itemsOf(session)} onChoose={onChoose} onLogout={onLogout} className="mt-3" />
    </div>
  );
};
