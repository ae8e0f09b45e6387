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

/** The widths every journey is built for: a laptop and a small phone. */
export const WIDTHS = [1280, 360] as const;
export type Width = (typeof WIDTHS)[number];

/**
 * How a journey that takes the same steps at every width is declared inside its `at <width> px` block:
 * by default it runs at its `home` width only (the journeys of a file share the two widths between them,
 * so both layouts of their screens are walked), and at both widths with E2E_ALL_WIDTHS=1. Journeys
 * whose phone layout takes other steps (a menu instead of the sidebar) use `test` and always run at both.
 */
export const journeyAt = (width: Width, home: Width) =>
  process.env.E2E_ALL_WIDTHS || width === home ? test : test.skip;
