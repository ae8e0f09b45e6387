import { useT } from '@/lib/i18n/use-t';
import { PencilIcon, TrashIcon } from './icons';

type RowActionProps = {
  /** What the row is, for the button's name: 'Edit Ada Lovelace'. */
  name: string;
  onClick: () => void;
};

const BUTTON = 'flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors';

/** A list row's Edit: a pencil, named with the row. */
export const EditRowButton = ({ name, onClick }: RowActionProps) => {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('common.ui.editName', { name })}
      title={t('common.ui.edit')}
      className={`${BUTTON} hover:bg-brand-50 hover:text-brand-700`}
    >
      <PencilIcon className="size-4.5" />
    </button>
  );
};

/** A list row's Delete: a bin, named with the row. */
export const DeleteRowButton = ({ name, onClick }: RowActionProps) => {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('common.ui.deleteName', { name })}
      title={t('common.ui.delete')}
      className={`${BUTTON} hover:bg-rose-50 hover:text-rose-600`}
    >
      <TrashIcon className="size-4.5" />
    </button>
  );
};
