import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './dropdown-menu';

const Menu = ({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu
        label="Section menu: Basics"
        open={open}
        onOpenChange={setOpen}
        items={[
          { label: 'Edit Section', onSelect: onEdit },
          { label: 'Delete Section', onSelect: onDelete, tone: 'danger' },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>
  );
};

const setup = () => {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(<Menu onEdit={onEdit} onDelete={onDelete} />);
  const trigger = screen.getByRole('button', { name: 'Section menu: Basics' });
  return { onEdit, onDelete, trigger };
};

describe('DropdownMenu', () => {
  it('opens with focus on the first entry; the arrows, Home and End move between entries', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Section menu: Basics' });
    const [edit, remove] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(edit);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(edit);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(remove);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(edit);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(remove);
  });

  it('closes on Escape with focus back on its button', () => {
    const { trigger } = setup();
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside or when focus leaves it, and after a choice, which it runs', () => {
    const { trigger, onDelete } = setup();
    fireEvent.click(trigger);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(trigger);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Section' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
