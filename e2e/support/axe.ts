import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const AXE_SOURCE = readFileSync(
  path.join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'),
  'utf8',
);

type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** Runs axe-core (node_modules/axe-core) in the page: the violations that are serious or critical. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script>: the app's CSP refuses inline scripts, not the debugger.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type AxeResults = {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown }>;
      }>;
    };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => JSON.stringify(node.target)).slice(0, 5),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The page's headings in order, and whether one skips a level (h1 then h3). */
export async function skippedHeadingLevels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((heading) => (heading as HTMLElement).offsetParent !== null)
      .map((heading) => ({ level: Number(heading.tagName.slice(1)), text: heading.textContent ?? '' }));
    const skips: string[] = [];
    let previous = 0;
    for (const { level, text } of levels) {
      if (level > previous + 1) skips.push(`h${previous} -> h${level} (${text.trim().slice(0, 40)})`);
      previous = level;
    }
    return skips;
  });
}

/**
 * No serious or critical axe violation and, unless told otherwise, no skipped heading level. axe is run
 * again for a few seconds while it finds one: a list dimmed for a moment by a refetch the journey did not
 * cause (a query refreshed in the background) is a passing state, not the page; a violation that stays
 * fails.
 */
export async function expectAccessible(page: Page, { headings = true } = {}) {
  await expect.poll(() => seriousViolations(page), { timeout: 10_000 }).toEqual([]);
  if (headings) expect(await skippedHeadingLevels(page)).toEqual([]);
}
