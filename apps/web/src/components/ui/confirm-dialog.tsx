import { useState } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { notify, notifyFailure } from '@/lib/toast';
import { Button } from './button';
import { Modal } from './modal';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  /** SPEC §2.13: 'Yes, Delete' in the curriculum, 'Delete' for a category. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** What the confirm button says while the action runs ('Deleting...' by default). */
  busyLabel?: string;
  /** `danger` (a delete, the default) or `primary` (an action that takes nothing away). */
  tone?: 'danger' | 'primary';
  onClose: () => void;
  /** Awaited before the dialog closes; the caller reports its own success or failure. */
  onConfirm: () => Promise<unknown>;
};

/** SPEC §2.13 delete confirmation: title, message, Cancel and a confirm button; waits for the action, then closes. */
export const ConfirmDialog = ({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busyLabel,
  tone = 'danger',
  onClose,
  onConfirm,
}: ConfirmDialogProps) => {
  const t = useT();
  const [isBusy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The caller has already told the user (a toast); the dialog only has to close.
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Modal open={open} onClose={() => (isBusy ? undefined : onClose())} title={title} className="max-w-md">
      <p className="text-sm text-slate-600">{message}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={isBusy}>
          {cancelLabel ?? t('common.ui.cancel')}
        </Button>
        <Button
          variant={tone}
          onClick={() => void confirm()}
          isLoading={isBusy}
          loadingText={busyLabel ?? t('common.ui.deleting')}
        >
          {confirmLabel ?? t('common.ui.confirmDelete')}
        </Button>
      </div>
    </Modal>
  );
};

type RemoveDialogProps<T> = Omit<ConfirmDialogProps, 'open' | 'message' | 'onConfirm'> & {
  /** The item asked about: the dialog is open while it is set. */
  item: T | null;
  message: (item: T) => string;
  /** Takes the item away (a mutation); a refusal is said in a toast and the dialog closes. */
  remove: (item: T) => Promise<unknown>;
  /** The toast once it is done. */
  done: (item: T) => string;
  /** The toast when it fails: the server's reason, else this text; or a sentence built from the error. */
  failed: string | ((error: unknown) => string);
};

/**
 * The one way to confirm taking an item away (a key revoked, a member removed): a ConfirmDialog open while
 * `item` is set, which runs `remove` and says how it went in a toast.
 */
export const RemoveDialog = <T,>({
  item,
  message,
  remove,
  done,
  failed,
  ...dialog
}: RemoveDialogProps<T>) => (
  <ConfirmDialog
    {...dialog}
    open={item !== null}
    message={item === null ? '' : message(item)}
    onConfirm={async () => {
      if (item === null) return;
      try {
        await remove(item);
      } catch (error) {
        if (typeof failed === 'string') notifyFailure(error, failed);
        else notify.error(failed(error));
        return;
      }
      notify.success(done(item));
    }}
  />
);
