import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextOpenSection, useOpenSection } from './use-open-section';

describe('one section open at a time (SPEC §2.12)', () => {
  it('opens the toggled section and closes the open one when toggled again', () => {
    expect(nextOpenSection(null, 3)).toBe(3);
    expect(nextOpenSection(3, 4)).toBe(4);
    expect(nextOpenSection(4, 4)).toBeNull();
  });

  it('starts with the first section open, then follows the student', () => {
    const { result } = renderHook(() => useOpenSection(10));
    expect(result.current.openId).toBe(10);

    act(() => result.current.toggle(11));
    expect(result.current.isOpen(11)).toBe(true);
    expect(result.current.isOpen(10)).toBe(false);

    act(() => result.current.toggle(11));
    expect(result.current.openId).toBeNull();

    act(() => result.current.toggle(10));
    act(() => result.current.open(12));
    expect(result.current.openId).toBe(12);
    expect(result.current.isOpen(10)).toBe(false);
  });

  it('closes the first section when it is toggled before any other', () => {
    const { result } = renderHook(() => useOpenSection(10));
    act(() => result.current.toggle(10));
    expect(result.current.openId).toBeNull();
  });

  it('follows the list when it loads after the first render', () => {
    const { result, rerender } = renderHook(({ first }) => useOpenSection(first), {
      initialProps: { first: null as number | null },
    });
    expect(result.current.openId).toBeNull();
    rerender({ first: 20 });
    expect(result.current.openId).toBe(20);
  });
});
