#!/usr/bin/env node
// What a visitor's first page costs in JavaScript: opens /, /courses and a course page in a fresh
// headless Chromium each, on a phone's screen and a desktop's, and adds up every script the page loads
// until it is idle (without scrolling), as decoded bytes, as gzip (level 9, as the build precompresses)
// and as transferred. Any request to another origin is an error: the pages must work without a network
// beyond the server.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { jsonOption, readOptions } from './lib/cli.mjs';
import { bodyAndSizes, openServer, PAGES_HELP, pagePaths } from './lib/public-pages.mjs';
import { serverHelp, serverOptions } from './lib/server.mjs';

/** Lighthouse's phone (a Moto G Power: 412 x 823 at 1.75) and a laptop's window. */
const VIEWPORTS = {
  phone: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
};

const HELP = `Usage: node bench/first-page.mjs [options]

Opens each page once per screen in a fresh headless Chromium (no cache), waits until the network has
been quiet, and prints the scripts it loaded with their sizes. Parts of a page far below its first
screen load as the reader scrolls near them, so a phone's screen may load less than a desktop's. Without
--url it starts the compiled server (npm run build first) on a temporary DATA_DIR with the demo content.

${serverHelp}

${PAGES_HELP}
  --screens <list>       phone (412 x 823, as Lighthouse's mobile) and/or desktop (1280 x 720);
                         default phone,desktop
  --budget <KB>          exit with an error when a page's scripts exceed this many KB of gzip (1 KB = 1,000 B)
  --chromium <path>      browser (default $CHROMIUM_PATH or /usr/bin/chromium)
  --quiet <seconds>      the page counts as idle after this long without a request (default 2)
  --json                 also print the results as JSON
  --help                 this text

Example: node bench/first-page.mjs --budget 120`;

const options = readOptions(HELP, {
  ...serverOptions,
  port: { type: 'string', default: '3500' },
  pages: { type: 'string', default: '/,/courses,course' },
  screens: { type: 'string', default: 'phone,desktop' },
  budget: { type: 'string' },
  chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  quiet: { type: 'string', default: '2' },
  ...jsonOption,
});

/** Opens one page in a new context and collects its scripts until the network is quiet. */
async function measure(browser, url, pagePath, screen) {
  const context = await browser.newContext(VIEWPORTS[screen]);
  const page = await context.newPage();
  const scripts = [];
  const foreign = [];
  // A page that breaks may load less: its errors fail the run.
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const pending = [];
  let inFlight = 0;
  let lastActivity = performance.now();
  page.on('request', (request) => {
    inFlight++;
    lastActivity = performance.now();
    if (!request.url().startsWith(url) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  for (const event of ['requestfinished', 'requestfailed']) {
    page.on(event, () => {
      inFlight--;
      lastActivity = performance.now();
    });
  }
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const { body, sizes } = await bodyAndSizes(response);
        scripts.push({
          url: response.url().replace(url, ''),
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          transferredBytes: sizes?.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'none',
        });
      })(),
    );
  });
  const started = performance.now();
  await page.goto(`${url}${pagePath}`, { waitUntil: 'load' });
  const quietMs = Number(options.quiet) * 1000;
  while (
    (inFlight > 0 || performance.now() - lastActivity < quietMs) &&
    performance.now() - started < 60_000
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all(pending);
  await context.close();
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (key) => scripts.reduce((total, script) => total + (script[key] ?? 0), 0);
  return {
    path: pagePath,
    screen,
    scripts,
    foreign,
    errors,
    bytes: sum('bytes'),
    gzipBytes: sum('gzipBytes'),
    transferredBytes: sum('transferredBytes'),
  };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const screens = options.screens.split(',').map((name) => name.trim());
for (const screen of screens) {
  if (!VIEWPORTS[screen]) throw new Error(`--screens: unknown screen ${screen} (phone or desktop)`);
}
const server = await openServer(options, 'first-page');
let browser;
const results = [];
try {
  browser = await chromium.launch({
    executablePath: options.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const pagePath of await pagePaths(server.url, options.pages)) {
    for (const screen of screens) results.push(await measure(browser, server.url, pagePath, screen));
  }
} finally {
  await browser?.close();
  await server.stop();
}

for (const result of results) {
  console.log(`\n${result.path} (${result.screen}): ${result.scripts.length} scripts\n`);
  console.log('| script | bytes | gzip | transferred (encoding) |');
  console.log('|---|---|---|---|');
  for (const s of result.scripts) {
    console.log(
      `| ${s.url} | ${s.bytes.toLocaleString('en')} | ${s.gzipBytes.toLocaleString('en')} | ${s.transferredBytes?.toLocaleString('en') ?? '-'} (${s.encoding}) |`,
    );
  }
}
console.log('\n| page | screen | scripts | JavaScript | gzip | transferred |');
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.path} | ${r.screen} | ${r.scripts.length} | ${kb(r.bytes)} | **${kb(r.gzipBytes)}** | ${kb(r.transferredBytes)} |`,
  );
}
if (options.json) console.log(JSON.stringify(results, null, 2));

let failed = false;
for (const r of results) {
  if (r.errors.length > 0) {
    console.error(`${r.path} (${r.screen}) had errors: ${r.errors.join('; ')}`);
    failed = true;
  }
  if (r.foreign.length > 0) {
    console.error(`${r.path} (${r.screen}) asked another origin for: ${r.foreign.join(', ')}`);
    failed = true;
  }
  if (options.budget && r.gzipBytes > Number(options.budget) * 1000) {
    console.error(
      `${r.path} (${r.screen}): ${kb(r.gzipBytes)} of gzip JavaScript, over the budget of ${options.budget} KB`,
    );
    failed = true;
  }
}
if (failed) process.exit(1);
