import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Each file gets its own database. On PGlite two at a time suit a 2-core machine (the database runs in
    // the worker, which keeps its core busy); on a PostgreSQL server a worker waits on the server for much
    // of its time, and four at a time took 115 s where two took 136 s.
    maxWorkers: process.env.TEST_DATABASE_URL ? 4 : 2,
    // A worker keeps the modules it imported for the next file: importing the app anew for each file was a
    // third of the suite's time. Each file still builds its own app, database and folders; the little
    // state modules keep (lib/crypto.ts's hashing queue, the media routes' sizes by unique key) is
    // process-wide in production too.
    isolate: false,
    // No tight limits: a busy machine makes a test slow, never failing. These only stop a test that hangs.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
