import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { ConfirmDialog, RemoveDialog } from './confirm-dialog';
import { Modal } from './modal';

const Opener = ({ onClose }: { onClose?: () => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <Modal
        open={open}
        title="Edit Author"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <input aria-label="First Name" />
      </Modal>
    </>
  );
};

const open = () => {
  const opener = screen.getByRole('button', { name: 'Open the dialog' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe('Modal', () => {
  it('is a dialog named by its title, with focus inside it', () => {
    render(<Opener />);
    open();
    const dialog = screen.getByRole('dialog', { name: 'Edit Author' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the button that opened it', () => {
    const onClose = vi.fn();
    render(<Opener onClose={onClose} />);
    const opener = open();
    fireEvent.keyDown(screen.getByLabelText('First Name'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its Close button and on a click on the backdrop, not on a click inside', () => {
    render(<Opener />);
    const opener = open();
    fireEvent.click(screen.getByLabelText('First Name'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    open();
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('locks the page behind from scrolling while open', () => {
    render(<Opener />);
    open();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(document.body.style.overflow).toBe('');
  });
});

describe('ConfirmDialog', () => {
  it('waits for the action, then closes; Cancel closes without it', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    const { rerender } = render(
      <ConfirmDialog open title="Delete Author" message="Sure?" onClose={onClose} onConfirm={onConfirm} />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete Author' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));

    rerender(
      <ConfirmDialog open title="Delete Author" message="Sure?" onClose={onClose} onConfirm={onConfirm} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('RemoveDialog', () => {
  const Keys = ({ remove }: { remove: (key: { id: number; name: string }) => Promise<unknown> }) => {
    const [revoking, setRevoking] = useState<{ id: number; name: string } | null>({ id: 7, name: 'Zapier' });
    return (
      <RemoveDialog
        item={revoking}
        title="Revoke the key?"
        message={({ name }) => `${name} stops working at once.`}
        onClose={() => setRevoking(null)}
        remove={remove}
        done={({ name }) => `${name} is revoked.`}
        failed="Could not revoke the key."
      />
    );
  };

  it('asks about the item, takes it away and says so', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const remove = vi.fn(async () => undefined);
    render(<Keys remove={remove} />);
    expect(screen.getByText('Zapier stops working at once.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Zapier is revoked.'));
    expect(remove).toHaveBeenCalledWith({ id: 7, name: 'Zapier' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    success.mockRestore();
  });

  it('says why it could not, and closes', async () => {
    const failure = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    render(<Keys remove={() => Promise.reject(new Error('offline'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    await vi.waitFor(() => expect(failure).toHaveBeenCalledTimes(1));
    expect(failure.mock.calls[0]?.[0]).toBe('Could not revoke the key.');
    expect(success).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    failure.mockRestore();
    success.mockRestore();
  });
});
