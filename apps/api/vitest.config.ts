import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database; two at a time suits a 2-core machine and PGlite's start-up cost.
    maxWorkers: 2,
    // No tight limits: a busy machine makes a test slow, never failing. These only stop a test that hangs.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
