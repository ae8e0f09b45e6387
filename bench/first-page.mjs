#!/usr/bin/env node
// What a visitor's first page costs in JavaScript: opens /, /courses and a course page in a fresh
// headless Chromium each, and adds up every script the page loads until it is idle, as decoded bytes,
// as gzip (level 9, as the build precompresses) and as transferred. Any request to another origin is an
// error: the pages must work without a network beyond the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { serverHelp, serverOptions, startServer } from './lib/server.mjs';

const HELP = `Usage: node bench/first-page.mjs [options]

Opens each page once in a fresh headless Chromium (no cache), waits until the network has been quiet,
and prints the scripts it loaded with their sizes. Without --url it starts the compiled server
(npm run build first) on a temporary DATA_DIR with the demo content.

${serverHelp}

  --pages <list>         comma-separated paths (default /,/courses,course); "course" is the course page
                         of the first course in the catalogue (/courseDetail?id=...)
  --budget <KB>          exit with an error when a page's scripts exceed this many KB of gzip (1 KB = 1,000 B)
  --chromium <path>      browser (default $CHROMIUM_PATH or /usr/bin/chromium)
  --quiet <seconds>      the page counts as idle after this long without a request (default 2)
  --json                 also print the results as JSON
  --help                 this text

Example: node bench/first-page.mjs --budget 120`;

const { values: options } = parseArgs({
  options: {
    ...serverOptions,
    port: { type: 'string', default: '3500' },
    pages: { type: 'string', default: '/,/courses,course' },
    budget: { type: 'string' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    quiet: { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (options.help) {
  console.log(HELP);
  process.exit(0);
}

/** The compiled server on a new DATA_DIR with the demo content, or the one at --url. */
async function openServer() {
  if (options.url) return { url: options.url.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = options['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'skillwise-first-page-'));
  const server = await startServer({
    port: Number(options.port),
    dataDir,
    databaseUrl: options['database-url'],
    env: { SEED_DEMO: 'true' },
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      if (!options['data-dir']) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `course` stands for the course page of the catalogue's first course. */
async function resolvePath(url, page) {
  if (page !== 'course') return page;
  const res = await fetch(`${url}/api/courses/GetAllCoursesDetail?page=1&pageSize=1`);
  const [course] = await res.json();
  if (!course) throw new Error('the catalogue is empty: no course page to open');
  return `/courseDetail?id=${course.course_Id}`;
}

/** Opens one page in a new context and collects its scripts until the network is quiet. */
async function measure(browser, url, pagePath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  const foreign = [];
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
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await response
          .request()
          .sizes()
          .catch(() => undefined);
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
    scripts,
    foreign,
    bytes: sum('bytes'),
    gzipBytes: sum('gzipBytes'),
    transferredBytes: sum('transferredBytes'),
  };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const server = await openServer();
let browser;
const results = [];
try {
  browser = await chromium.launch({
    executablePath: options.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  for (const page of options.pages.split(',').map((p) => p.trim())) {
    results.push(await measure(browser, server.url, await resolvePath(server.url, page)));
  }
} finally {
  await browser?.close();
  await server.stop();
}

for (const result of results) {
  console.log(`\n${result.path}: ${result.scripts.length} scripts\n`);
  console.log('| script | bytes | gzip | transferred (encoding) |');
  console.log('|---|---|---|---|');
  for (const s of result.scripts) {
    console.log(
      `| ${s.url} | ${s.bytes.toLocaleString('en')} | ${s.gzipBytes.toLocaleString('en')} | ${s.transferredBytes?.toLocaleString('en') ?? '-'} (${s.encoding}) |`,
    );
  }
}
console.log('\n| page | scripts | JavaScript | gzip | transferred |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.path} | ${r.scripts.length} | ${kb(r.bytes)} | **${kb(r.gzipBytes)}** | ${kb(r.transferredBytes)} |`,
  );
}
if (options.json) console.log(JSON.stringify(results, null, 2));

let failed = false;
for (const r of results) {
  if (r.foreign.length > 0) {
    console.error(`${r.path} asked another origin for: ${r.foreign.join(', ')}`);
    failed = true;
  }
  if (options.budget && r.gzipBytes > Number(options.budget) * 1000) {
    console.error(
      `${r.path}: ${kb(r.gzipBytes)} of gzip JavaScript, over the budget of ${options.budget} KB`,
    );
    failed = true;
  }
}
if (failed) process.exit(1);
