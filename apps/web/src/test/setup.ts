import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
