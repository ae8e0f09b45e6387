import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Where the journeys leave their full-page screenshots, to be looked at. */
const screenshotDir = path.join(import.meta.dirname, '..', '..', 'test-results', 'screens');
mkdirSync(screenshotDir, { recursive: true });

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
