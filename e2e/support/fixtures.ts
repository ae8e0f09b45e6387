import { test as base, expect } from '@playwright/test';

/**
 * Every page fails its test on an uncaught exception or a console error. A 4xx answer the journey
 * provokes on purpose (a wrong password) logs "Failed to load resource" in Chromium: that one is allowed.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()))
          return;
        errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
