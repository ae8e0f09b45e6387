import { useState } from 'react';
import { useT } from '@/lib/i18n/use-t';
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
