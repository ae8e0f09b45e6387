import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: { '@': `${root}src` } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // No tight limits: a busy machine makes a test slow, never failing. These only stop a test that hangs.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
