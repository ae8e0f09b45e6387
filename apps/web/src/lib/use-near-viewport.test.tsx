import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { NEAR_VIEWPORT_SETTLE_MS, useNearViewport } from './use-near-viewport';

/** The observers made, with a way to say whether their element is near. */
let observers: Array<{
  report: (isIntersecting: boolean) => void;
  margin: string | undefined;
  live: boolean;
}>;

beforeEach(() => {
  observers = [];
  vi.useFakeTimers();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: {
        report: (isIntersecting: boolean) => void;
        margin: string | undefined;
        live: boolean;
      };
      constructor(
        callback: (entries: Array<{ isIntersecting: boolean }>) => void,
        options?: IntersectionObserverInit,
      ) {
        this.entry = {
          report: (isIntersecting) => callback([{ isIntersecting }]),
          margin: options?.rootMargin,
          live: true,
        };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.live = false;
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const Part = ({ immediately = false }: { immediately?: boolean }) => {
  const [ref, isNear] = useNearViewport<HTMLDivElement>({ immediately });
  return <div ref={ref}>{isNear ? 'loaded' : 'waiting'}</div>;
};

test('a part far below waits; near for a moment, it loads and stops watching', () => {
  render(<Part />);
  expect(screen.getByText('waiting')).toBeTruthy();
  const [observer] = observers;
  expect(observer?.margin).toBe('50% 0px');
  act(() => observer?.report(true));
  act(() => vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS - 1));
  expect(screen.getByText('waiting')).toBeTruthy();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.getByText('loaded')).toBeTruthy();
  expect(observers.every((o) => !o.live)).toBe(true);
});

test('a part pushed away again while the page takes shape keeps waiting', () => {
  render(<Part />);
  const [observer] = observers;
  act(() => observer?.report(true));
  act(() => vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS / 2));
  act(() => observer?.report(false));
  act(() => vi.advanceTimersByTime(NEAR_VIEWPORT_SETTLE_MS * 4));
  expect(screen.getByText('waiting')).toBeTruthy();
});

test('a part wanted at once (or in a browser without the observer) loads at once', () => {
  render(<Part immediately />);
  expect(screen.getByText('loaded')).toBeTruthy();
  expect(observers).toEqual([]);
  vi.unstubAllGlobals();
  render(<Part />);
  expect(screen.getAllByText('loaded')).toHaveLength(2);
});
