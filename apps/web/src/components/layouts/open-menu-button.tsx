import { MenuIcon } from '@/components/ui/drawn-icons';
import { useT } from '@/lib/i18n/use-t';

/** The phones' button that opens a header's menu panel (hidden from 768 px, where the links show). */
export const OpenMenuButton = ({ isOpen, onOpen }: { isOpen: boolean; onOpen: () => void }) => {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t('common.nav.openMenu')}
      aria-expanded={isOpen}
      className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
    >
      <MenuIcon className="size-6" />
    </button>
  );
};
