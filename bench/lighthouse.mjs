#!/usr/bin/env node
// Lighthouse's mobile performance audit of the public pages (/, /courses and a course page) and of a
// logged-in student's learning screen against the built app: score, FCP, LCP, TBT, CLS and the
// JavaScript downloaded, with what Lighthouse blames (the LCP element and its phases, render-blocking
// requests, images, fonts, unused JavaScript, layout shifts). Any request to another origin is an error:
// the pages must work without a network beyond the server.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium as playwright } from '@playwright/test';
import lighthouse, { auditFlowArtifacts } from 'lighthouse';
import { jsonOption, optionError, readOptions } from './lib/cli.mjs';
import { LEARNING_PAGES_HELP, prepareLearningStudents } from './lib/learning-students.mjs';
import { loadAverage, median, openServer, PAGES_HELP, pagePaths, spread } from './lib/public-pages.mjs';
import { serverHelp, serverOptions } from './lib/server.mjs';

/** The benchmark index Lighthouse's stock 4x CPU slowdown is meant for, in the calibrated variant. */
const CALIBRATION_INDEX = 1750;
const STOCK_CPU_MULTIPLIER = 4;

const HELP = `Usage: node bench/lighthouse.mjs [options]

Runs Lighthouse (mobile, simulated throttling, performance only) on each page in headless Chromium, the
pages in turn, several times, and prints per page the median run by score with the spread of every
figure over the runs. Without --url it starts the compiled server (npm run build first) on a temporary
DATA_DIR with the demo content.

${serverHelp}

${PAGES_HELP}
${LEARNING_PAGES_HELP}
  --runs <n>             runs per page; the median by score is reported (default 5)
  --chromium <path>      browser (default $CHROME_PATH, $CHROMIUM_PATH or /usr/bin/chromium)
  --details              also print the median run's LCP element and phases, render-blocking requests,
                         image and font findings, layout shifts and long tasks
  --save <dir>           write every run's full report as JSON into this folder
  --min-score <n>        exit with an error when a page's median score is below this (stock settings)
  --cpu-multiplier <n|auto>
                         also score every run again, from the same recorded load, with this CPU
                         slowdown in place of Lighthouse's stock 4x, and print those figures after the
                         stock ones (which stay the headline). "auto" calibrates each run by the
                         benchmark index Lighthouse measured in it: 4 x index / ${CALIBRATION_INDEX}, at least 1
                         (see CALIBRATION below)
  --json                 also print every run's figures as JSON
  --help                 this text

CALIBRATION: Lighthouse's stock 4x CPU slowdown makes a high-end desktop (benchmark index 1,500-2,000)
a mid-tier phone; its throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") suggests 2x
(1-5x) for an index of 800-1,500 and 1x below 800, higher in a bracket's upper end. A shared, busy
machine measures a lower index, and simulated throttling multiplies what its busy cores did by 4 all the
same. "auto" scales the multiplier with the index (1,750, the high-end desktop's middle, keeps 4x), which
falls within each bracket's documented range.

Examples: node bench/lighthouse.mjs --runs 5 --details
          node bench/lighthouse.mjs --runs 3 --pages /,learning,learning-finished --details
          node bench/lighthouse.mjs --runs 3 --pages /,learning,learning-finished --cpu-multiplier auto`;

const options = readOptions(HELP, {
  ...serverOptions,
  port: { type: 'string', default: '3502' },
  pages: { type: 'string', default: '/,/courses,course' },
  runs: { type: 'string', default: '5' },
  chromium: {
    type: 'string',
    default: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  },
  details: { type: 'boolean', default: false },
  save: { type: 'string' },
  'min-score': { type: 'string' },
  'cpu-multiplier': { type: 'string' },
  ...jsonOption,
});

const cpuOption = options['cpu-multiplier'];
if (cpuOption !== undefined && cpuOption !== 'auto' && !(Number(cpuOption) > 0))
  optionError(`--cpu-multiplier takes a positive number or "auto", not ${cpuOption}`);

/** The CPU slowdown of the calibrated variant for a run whose machine measured this benchmark index. */
function calibratedMultiplier(benchmarkIndex) {
  if (cpuOption !== 'auto') return Number(cpuOption);
  return Math.max(1, Math.round((STOCK_CPU_MULTIPLIER * benchmarkIndex * 10) / CALIBRATION_INDEX) / 10);
}

/**
 * The same run scored again with another CPU slowdown: Lighthouse's audits on the artifacts it recorded
 * (simulated throttling replays the recorded load), the settings of both alike but the multiplier.
 */
async function rescore(artifacts, multiplier) {
  const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: multiplier };
  const flow = await auditFlowArtifacts(
    {
      gatherSteps: [
        {
          artifacts: { ...artifacts, settings: { ...artifacts.settings, throttling } },
          flags: { onlyCategories: ['performance'], throttling },
        },
      ],
    },
    undefined,
  );
  const [step] = flow.steps;
  if (!step) throw new Error('Lighthouse gave no result when scoring a run again');
  return step.lhr;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

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

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The table items of an audit's details (a list's tables are flattened), or none. */
function itemsOf(audit) {
  const details = audit?.details;
  if (!details) return [];
  if (details.type === 'list') return details.items.flatMap((table) => table.items ?? []);
  return details.items ?? [];
}

/** What Lighthouse blames, from one report, in short lines. */
function findings(lhr, origin) {
  const audit = (id) => lhr.audits[id];
  const short = (url) => String(url ?? '').replace(origin, '');
  const lcpItems = itemsOf(audit('largest-contentful-paint-element'));
  const lcpNode = lcpItems.find((item) => item.node)?.node;
  const phases = lcpItems
    .filter((item) => item.phase)
    .map((item) => `${item.phase} ${Math.round(item.timing)} ms`);
  const imageFindings = ['uses-responsive-images', 'modern-image-formats', 'uses-optimized-images']
    .map((id) => audit(id))
    .filter((a) => a && a.score !== null && a.score < 1)
    .flatMap((a) =>
      itemsOf(a).map((item) => `${a.id}: ${short(item.url)} (${kib(item.wastedBytes ?? 0)} wasted)`),
    );
  return {
    lcpElement: lcpNode
      ? `${lcpNode.nodeLabel ?? ''} <${lcpNode.selector ?? lcpNode.snippet ?? '?'}>`
      : 'none',
    lcpPhases: phases,
    renderBlocking: itemsOf(audit('render-blocking-insight')).map(
      (item) => `${short(item.url)} (${Math.round(item.wastedMs ?? 0)} ms)`,
    ),
    images: [
      ...imageFindings,
      ...itemsOf(audit('unsized-images')).map((item) => `unsized: ${short(item.url)}`),
      ...(audit('lcp-lazy-loaded')?.score === 0 ? ['the LCP image is lazy-loaded'] : []),
    ],
    fonts: itemsOf(audit('font-display-insight')).map((item) => short(item.url)),
    unusedJs: itemsOf(audit('unused-javascript')).map(
      (item) => `${short(item.url)} (${kib(item.wastedBytes ?? 0)} of ${kib(item.totalBytes ?? 0)})`,
    ),
    layoutShifts: itemsOf(audit('layout-shifts')).map(
      (item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} (${Number(item.score).toFixed(3)})`,
    ),
    longTasks: itemsOf(audit('long-tasks')).map(
      (item) => `${short(item.url)} at ${Math.round(item.startTime)} ms: ${Math.round(item.duration)} ms`,
    ),
  };
}

/** The figures of one Lighthouse report. */
function summarise(lhr, origin) {
  const audit = (id) => lhr.audits[id];
  const requests = itemsOf(audit('network-requests'));
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
    imageTransferBytes: requests
      .filter((item) => item.resourceType === 'Image')
      .reduce((total, item) => total + (item.transferSize ?? 0), 0),
    // How fast Lighthouse found this machine at the time (its "benchmarkIndex"): a busy machine scores lower.
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    foreign: requests
      .map((item) => item.url)
      .filter((url) => !url.startsWith(origin) && !url.startsWith('data:')),
    opportunities,
    findings: findings(lhr, origin),
    warnings: lhr.runWarnings,
  };
}

/**
 * Writes the page's localStorage before Lighthouse opens it: a student's session as the app stores it at
 * login, or none. It is written from a URL of the origin that runs none of the app (the health check),
 * through a connection closed again before Lighthouse starts. Lighthouse's own storage reset keeps
 * localStorage (its default clearStorageTypes) and empties the HTTP cache, so every run loads cold.
 */
async function setLocalStorage(port, origin, entries) {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('Chromium has no default context');
    const tab = await context.newPage();
    await tab.goto(`${origin}/api/health`);
    await tab.evaluate((values) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, entries);
    await tab.close();
  } finally {
    await browser.close();
  }
}

const runs = Number(options.runs);
const server = await openServer(options, 'lighthouse');
const results = [];
const loadBefore = await loadAverage();
let chromium;
try {
  chromium = await launchChromium();
  const names = options.pages.split(',').map((page) => page.trim());
  const students = names.some((name) => name.startsWith('learning'))
    ? await prepareLearningStudents(server.url)
    : {};
  /** Each page: the name it is reported under, its path, and the localStorage it is opened with. */
  const pages = [];
  for (const name of names) {
    const student = students[name];
    if (student) pages.push({ name, path: student.path, storage: student.storage });
    else if (name.startsWith('learning')) throw new Error(`unknown page ${name}`);
    else {
      const [pagePath] = await pagePaths(server.url, name);
      pages.push({ name: pagePath, path: pagePath, storage: {} });
    }
  }
  const byPage = new Map(pages.map((page) => [page.name, []]));
  if (options.save) mkdirSync(options.save, { recursive: true });
  // The pages take turns, so a busy moment on the machine weighs on all of them alike.
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      let result;
      // A run Lighthouse could not record (NO_NAVSTART and the like, seen on a very busy machine) is
      // run again, twice at most, and said so.
      for (let attempt = 1; ; attempt++) {
        await setLocalStorage(chromium.port, server.url, page.storage);
        result = await lighthouse(`${server.url}${page.path}`, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page.name}`);
        const failure = result.lhr.runtimeError;
        if (!failure) break;
        if (attempt === 3) throw new Error(`${page.name}: Lighthouse failed 3 times: ${failure.message}`);
        console.error(`${page.name}, run ${run + 1}: Lighthouse failed (${failure.code}); running it again`);
      }
      const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (finalPath !== new URL(page.path, server.url).pathname) {
        throw new Error(`${page.name} ended at ${result.lhr.finalDisplayedUrl}, not at ${page.path}`);
      }
      const summary = summarise(result.lhr, server.url);
      if (cpuOption !== undefined) {
        const multiplier = calibratedMultiplier(summary.benchmarkIndex ?? CALIBRATION_INDEX);
        summary.calibrated = {
          multiplier,
          ...summarise(await rescore(result.artifacts, multiplier), server.url),
        };
      }
      byPage.get(page.name)?.push(summary);
      if (options.save) {
        const file = page.name.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home';
        writeFileSync(path.join(options.save, `${file}-${run + 1}.json`), JSON.stringify(result.lhr));
      }
    }
  }
  for (const [pageName, pageRuns] of byPage) {
    const byScore = [...pageRuns].sort((a, b) => a.score - b.score);
    results.push({ path: pageName, median: byScore[Math.floor((byScore.length - 1) / 2)], runs: pageRuns });
  }
} finally {
  try {
    await chromium?.stop();
  } finally {
    await server.stop();
  }
}
const loadAfter = await loadAverage();

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;
const figure = (runsOf, key, format) => {
  const values = runsOf.map((r) => r[key]);
  return `${format(median(values))} (${spread(values, format)})`;
};
console.log(
  `\nLighthouse mobile performance, ${runs} runs a page (load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after)`,
);
console.log('Each figure is the median of the runs, with their range in brackets.\n');
console.log(
  '| page | score | FCP | LCP | TBT | CLS | Speed Index | scripts | JS transferred | images transferred |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { path: pagePath, runs: r } of results) {
  console.log(
    `| ${pagePath} | **${median(r.map((x) => x.score))}** (${r.map((x) => x.score).join(', ')}) | ${figure(r, 'fcpMs', ms)} | ${figure(r, 'lcpMs', ms)} | ${figure(r, 'tbtMs', ms)} | ${figure(r, 'cls', (v) => v.toFixed(3))} | ${figure(r, 'speedIndexMs', ms)} | ${median(r.map((x) => x.scripts))} | ${figure(r, 'scriptTransferBytes', kb)} | ${figure(r, 'imageTransferBytes', kb)} |`,
  );
}
if (cpuOption !== undefined) {
  console.log(
    `\nThe same runs scored with a calibrated CPU slowdown (${cpuOption === 'auto' ? `auto: 4 x benchmark index / ${CALIBRATION_INDEX}, at least 1` : `${cpuOption}x`}; the stock figures above are Lighthouse's 4x):\n`,
  );
  console.log('| page | score | FCP | LCP | TBT | CLS | Speed Index | CPU multiplier |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { path: pagePath, runs: r } of results) {
    const c = r.map((x) => x.calibrated);
    console.log(
      `| ${pagePath} | **${median(c.map((x) => x.score))}** (${c.map((x) => x.score).join(', ')}) | ${figure(c, 'fcpMs', ms)} | ${figure(c, 'lcpMs', ms)} | ${figure(c, 'tbtMs', ms)} | ${figure(c, 'cls', (v) => v.toFixed(3))} | ${figure(c, 'speedIndexMs', ms)} | ${c.map((x) => x.multiplier).join(', ')} |`,
    );
  }
}
const indexes = results.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)).filter(Boolean);
if (indexes.length > 0) {
  console.log(`\nLighthouse's benchmark index of the machine over the runs: ${spread(indexes, Math.round)}`);
}
for (const { path: pagePath, median: m } of results) {
  console.log(`\n${pagePath}, the median run:`);
  console.log(`  opportunities: ${m.opportunities.join('; ') || 'none'}`);
  if (m.warnings.length > 0) console.log(`  warnings: ${m.warnings.join('; ')}`);
  if (options.details) {
    const f = m.findings;
    console.log(`  LCP element: ${f.lcpElement}`);
    console.log(`  LCP phases: ${f.lcpPhases.join(', ') || 'none'}`);
    console.log(`  render-blocking: ${f.renderBlocking.join('; ') || 'none'}`);
    console.log(`  images: ${f.images.join('; ') || 'nothing to fix'}`);
    console.log(`  fonts without font-display: ${f.fonts.join('; ') || 'none'}`);
    console.log(`  unused JavaScript: ${f.unusedJs.join('; ') || 'none reported'}`);
    console.log(`  layout shifts: ${f.layoutShifts.join('; ') || 'none'}`);
    console.log(`  long tasks: ${f.longTasks.join('; ') || 'none'}`);
  }
}
if (options.json) console.log(JSON.stringify(results, null, 2));

let failed = false;
const foreign = results.flatMap((r) => r.runs.flatMap((run) => run.foreign));
if (foreign.length > 0) {
  console.error(`Requests to other origins: ${[...new Set(foreign)].join(', ')}`);
  failed = true;
}
if (options['min-score']) {
  for (const { path: pagePath, runs: r } of results) {
    const score = median(r.map((x) => x.score));
    if (score < Number(options['min-score'])) {
      console.error(`${pagePath}: median score ${score}, under ${options['min-score']}`);
      failed = true;
    }
  }
}
if (failed) process.exit(1);
