import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

const shared = {
  environment: 'jsdom' as const,
  setupFiles: ['src/test/setup.ts'],
  restoreMocks: true,
  // No tight limits: a busy machine makes a test slow, never failing. These only stop a test that hangs.
  testTimeout: 600_000,
  hookTimeout: 600_000,
};

/** Tests of what happens as a module first loads: each needs a worker that has loaded nothing yet. */
const firstLoad = ['src/lib/zod-jitless.test.ts'];

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: { '@': `${root}src` } },
  test: {
    // Both cores of a 2-core machine (Vitest's default leaves one idle).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: firstLoad,
          // Each file imports the app anew: a screen's code that one file began to load lazily and did not
          // wait for was cut off with that file's environment, and the router a next file shared kept the
          // failed import (an error page where its screen should be).
          isolate: true,
        },
      },
      { extends: true, test: { ...shared, name: 'web (first load)', include: firstLoad } },
    ],
  },
});
