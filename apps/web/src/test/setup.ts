import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });

// findBy and waitFor wait as long as a busy machine needs (a screen's lazy code arrives slowly the first
// time): slowness is never a failure; what never appears still fails, when the test's own limit ends.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
