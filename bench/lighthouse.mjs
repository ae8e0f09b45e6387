#!/usr/bin/env node
// Lighthouse's mobile performance audit of the public pages (/, /courses and a course page) against the
// built app: score, LCP, TBT and the JavaScript downloaded, with the opportunities it reports. Any
// request to another origin is an error: the pages must work without a network beyond the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { serverHelp, serverOptions, startServer } from './lib/server.mjs';

const HELP = `Usage: node bench/lighthouse.mjs [options]

Runs Lighthouse (mobile, simulated throttling, performance only) on each page in headless Chromium and
prints the median run by score. Without --url it starts the compiled server (npm run build first) on a
temporary DATA_DIR with the demo content.

${serverHelp}

  --pages <list>         comma-separated paths (default /,/courses,course); "course" is the course page
                         of the first course in the catalogue (/courseDetail?id=...)
  --runs <n>             runs per page; the median by score is reported (default 3)
  --chromium <path>      browser (default $CHROME_PATH, $CHROMIUM_PATH or /usr/bin/chromium)
  --details              also print the median run's layout shifts and long tasks
  --json                 also print every run as JSON
  --help                 this text

Example: node bench/lighthouse.mjs --runs 5`;

const { values: options } = parseArgs({
  options: {
    ...serverOptions,
    port: { type: 'string', default: '3502' },
    pages: { type: 'string', default: '/,/courses,course' },
    runs: { type: 'string', default: '3' },
    chromium: {
      type: 'string',
      default: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    },
    details: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (options.help) {
  console.log(HELP);
  process.exit(0);
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** The compiled server on a new DATA_DIR with the demo content, or the one at --url. */
async function openServer() {
  if (options.url) return { url: options.url.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = options['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'skillwise-lighthouse-'));
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

/** Starts Chromium with a DevTools port of its choosing and answers the port and a way to stop it. */
async function launchChromium() {
  const profile = mkdtempSync(path.join(tmpdir(), 'skillwise-lighthouse-profile-'));
  const child = spawn(
    options.chromium,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 30_000);
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with code ${code}: ${output}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still be writing the profile for a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
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

/** The figures of one Lighthouse report. */
function summarise(lhr, origin) {
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests')?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && a.score !== null && a.score < 1 && a.numericValue > 0)
    .map((a) => `${a.title} (${a.displayValue ?? `${Math.round(a.numericValue)} ms`})`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint').numericValue,
    lcpMs: audit('largest-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    speedIndexMs: audit('speed-index').numericValue,
    scripts: scripts.length,
    scriptTransferBytes: scripts.reduce((total, item) => total + (item.transferSize ?? 0), 0),
    scriptBytes: scripts.reduce((total, item) => total + (item.resourceSize ?? 0), 0),
    foreign: requests
      .map((item) => item.url)
      .filter((url) => !url.startsWith(origin) && !url.startsWith('data:')),
    opportunities,
    // What moved and what kept the main thread busy, to find the cause of a low score.
    layoutShifts: (audit('layout-shifts')?.details?.items ?? []).map(
      (item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} (${item.score.toFixed(3)})`,
    ),
    longTasks: (audit('long-tasks')?.details?.items ?? []).map(
      (item) =>
        `${item.url.replace(origin, '')} at ${Math.round(item.startTime)} ms: ${Math.round(item.duration)} ms`,
    ),
    warnings: lhr.runWarnings,
  };
}

const server = await openServer();
const results = [];
let chromium;
try {
  chromium = await launchChromium();
  for (const page of options.pages.split(',').map((p) => p.trim())) {
    const pagePath = await resolvePath(server.url, page);
    const runs = [];
    for (let run = 0; run < Number(options.runs); run++) {
      const result = await lighthouse(`${server.url}${pagePath}`, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      runs.push(summarise(result.lhr, server.url));
    }
    runs.sort((a, b) => a.score - b.score);
    results.push({ path: pagePath, median: runs[Math.floor(runs.length / 2)], runs });
  }
} finally {
  try {
    await chromium?.stop();
  } finally {
    await server.stop();
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;
console.log(`\nLighthouse mobile performance, median of ${options.runs} runs by score\n`);
console.log('| page | score (runs) | FCP | LCP | TBT | CLS | Speed Index | scripts | JS transferred | JS |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { path: pagePath, median: m, runs } of results) {
  console.log(
    `| ${pagePath} | **${m.score}** (${runs.map((r) => r.score).join(', ')}) | ${ms(m.fcpMs)} | ${ms(m.lcpMs)} | ${ms(m.tbtMs)} | ${m.cls.toFixed(3)} | ${ms(m.speedIndexMs)} | ${m.scripts} | ${kb(m.scriptTransferBytes)} | ${kb(m.scriptBytes)} |`,
  );
}
for (const { path: pagePath, median: m } of results) {
  if (m.opportunities.length > 0) console.log(`\n${pagePath} opportunities: ${m.opportunities.join('; ')}`);
  if (m.warnings.length > 0) console.log(`\n${pagePath} warnings: ${m.warnings.join('; ')}`);
  if (options.details) {
    console.log(`\n${pagePath} layout shifts: ${m.layoutShifts.join('; ') || 'none'}`);
    console.log(`${pagePath} long tasks: ${m.longTasks.join('; ') || 'none'}`);
  }
}
if (options.json) console.log(JSON.stringify(results, null, 2));

const foreign = results.flatMap((r) => r.runs.flatMap((run) => run.foreign));
if (foreign.length > 0) {
  console.error(`Requests to other origins: ${[...new Set(foreign)].join(', ')}`);
  process.exit(1);
}
