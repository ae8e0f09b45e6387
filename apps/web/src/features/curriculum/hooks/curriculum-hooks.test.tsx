import { EDIT_STATUS_CLEAR_MS } from '@skillwise/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSingleOpen } from './use-single-open';
import { useTimedStatus } from './use-timed-status';

afterEach(() => vi.useRealTimers());

describe('useSingleOpen (SPEC §2.13: one menu open at a time)', () => {
  it('opens one menu, and opening another closes the first', () => {
    const { result } = renderHook(() => useSingleOpen<number>());
    act(() => result.current.setOpen(1, true));
    expect(result.current.isOpen(1)).toBe(true);

    act(() => result.current.setOpen(2, true));
    expect(result.current.isOpen(1)).toBe(false);
    expect(result.current.isOpen(2)).toBe(true);
    expect(result.current.openId).toBe(2);
  });

  it('closing a menu that is not the open one changes nothing', () => {
    const { result } = renderHook(() => useSingleOpen<number>());
    act(() => result.current.setOpen(2, true));
    act(() => result.current.setOpen(1, false));
    expect(result.current.openId).toBe(2);
    act(() => result.current.setOpen(2, false));
    expect(result.current.openId).toBeNull();
  });

  it('closes everything at once', () => {
    const { result } = renderHook(() => useSingleOpen<string>());
    act(() => result.current.setOpen('a', true));
    act(() => result.current.closeAll());
    expect(result.current.openId).toBeNull();
  });
});

describe('useTimedStatus (SPEC §9: the edit status clears after 3000 ms)', () => {
  it('clears the message 3000 ms after it was shown', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedStatus(EDIT_STATUS_CLEAR_MS));
    act(() => result.current[1]('Saved successfully!'));
    expect(result.current[0]).toBe('Saved successfully!');

    act(() => vi.advanceTimersByTime(EDIT_STATUS_CLEAR_MS - 1));
    expect(result.current[0]).toBe('Saved successfully!');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe('');
  });

  it('counts the 3000 ms again from a newer message', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTimedStatus(EDIT_STATUS_CLEAR_MS));
    act(() => result.current[1]('All fields are required.'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current[1]('File size should be less than 2 GB.'));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current[0]).toBe('File size should be less than 2 GB.');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe('');
  });
});
