import { TOAST_MAX_VISIBLE } from '@skillwise/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/toast';
import { Toaster } from './toaster';

const screenWidth = (width: number) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0) <= width,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

// The toast library keeps its toasts and waiting queue between test files (isolate: false): start empty.
beforeEach(async () => {
  const { toast } = await import('@/lib/toast-library');
  toast.clearWaitingQueue();
  toast.dismiss();
});

afterEach(async () => {
  const { toast } = await import('@/lib/toast-library');
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

const container = () => document.querySelector('.Toastify__toast-container');

describe('Toaster', () => {
  it('on a phone shows toasts at the bottom, at most three at once, each closable', async () => {
    screenWidth(360);
    render(<Toaster pathname="/students" />);
    for (const n of [1, 2, 3, 4, 5]) notify.error(`Problem ${n}`);
    await screen.findByText('Problem 3');
    expect(container()?.className).toContain('Toastify__toast-container--bottom-center');
    expect(screen.getAllByRole('alert')).toHaveLength(TOAST_MAX_VISIBLE);
    expect(screen.queryByText('Problem 4')).toBeNull();

    // Closing one lets the next waiting one in.
    const closeButtons = screen.getAllByRole('button', { name: /close/i });
    expect(closeButtons).toHaveLength(TOAST_MAX_VISIBLE);
    const first = closeButtons[0] as HTMLElement;
    fireEvent.click(first);
    // jsdom runs no CSS animation: end the closing one by hand.
    fireEvent.animationEnd(first.closest('.Toastify__toast') as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Problem 4')).not.toBeNull());
    expect(screen.getAllByRole('alert')).toHaveLength(TOAST_MAX_VISIBLE);
  });

  it('on a desktop keeps the spec’s top-right corner', async () => {
    screenWidth(1280);
    render(<Toaster pathname="/admin" />);
    notify.success('Saved');
    await screen.findByText('Saved');
    expect(container()?.className).toContain('Toastify__toast-container--top-right');
  });
});
