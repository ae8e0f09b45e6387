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
          // The texts in English, as the app has them before its first render (lib/i18n); the first-load
          // tests go without, since the catalogues' module loads the contracts, and with them zod.
          setupFiles: [...shared.setupFiles, 'src/test/i18n-setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: firstLoad,
          // Each file imports the app anew, in its own VM context: a screen's code that one file began to
          // load lazily and did not wait for was cut off with that file's environment, and the router a
          // next file shared kept the failed import (an error page where its screen should be). A context
          // per file rather than a process per file: jsdom and the dependencies load once per worker
          // (the suite took 136 s with a process per file, 50 s so).
          pool: 'vmThreads',
          // Uppy's and tus's ES modules are run through Vite with the app's code: loaded as they are, the
          // VM linker refuses their modules for coming from another context.
          server: { deps: { inline: [/@uppy\//, /tus-js-client/] } },
        },
      },
      { extends: true, test: { ...shared, name: 'web (first load)', include: firstLoad } },
    ],
  },
});
