#!/usr/bin/env node
// The one test command (README "Tests"): format and lint, types, the API suite on the embedded
// database and, when TEST_DATABASE_URL is set, on that PostgreSQL server too, the web app's unit
// tests, the production build, the public pages' first-JavaScript budget, then the browser journeys in
// Chromium. It stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'skillwise-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, { env = {}, report } = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (report) count(report);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${title} failed after ${seconds}s.`);
    finish(1, title);
  }
  console.log(`--- ${title}: ok in ${seconds}s`);
}

function count(report) {
  let data;
  try {
    data = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return;
  }
  if ('numPassedTests' in data) {
    // Vitest's JSON reporter.
    totals.passed += data.numPassedTests;
    totals.failed += data.numFailedTests;
    totals.skipped += data.numPendingTests + (data.numTodoTests ?? 0);
  } else if (data.stats) {
    // Playwright's JSON reporter.
    totals.passed += data.stats.expected + (data.stats.flaky ?? 0);
    totals.failed += data.stats.unexpected;
    totals.skipped += data.stats.skipped;
  }
}

function finish(code, failedStep) {
  rmSync(reports, { recursive: true, force: true });
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  // A step can fail with every test passed (an unhandled error, a lint finding): say which one did.
  if (failedStep) console.error(`FAILED: ${failedStep} (the steps after it did not run)`);
  process.exit(code);
}

const vitest = (project, report) => [
  'vitest',
  'run',
  '--root',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

run('format and lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
const apiPglite = path.join(reports, 'api-pglite.json');
run('API tests on PGlite (embedded)', 'npx', vitest('apps/api', apiPglite), {
  env: { TEST_DATABASE_URL: '' },
  report: apiPglite,
});
if (process.env.TEST_DATABASE_URL) {
  const apiPg = path.join(reports, 'api-postgres.json');
  run(
    `API tests on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`,
    'npx',
    vitest('apps/api', apiPg),
    {
      report: apiPg,
    },
  );
} else {
  console.log('\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL to run them, see README)');
}
const web = path.join(reports, 'web.json');
run('web unit tests', 'npx', vitest('apps/web', web), { report: web });
run('build (the compiled server and the web app)', 'npm', ['run', 'build', '--silent']);
// A byte count, not a timing: the public pages' first JavaScript within its budget (docs/BENCHMARKS.md).
run('first-page budget (120 KB of gzip)', 'node', [
  'bench/first-page.mjs',
  '--budget',
  '120',
  '--screens',
  'phone',
]);
const e2e = path.join(reports, 'e2e.json');
run('browser journeys (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e', '--reporter=list,json'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2e },
  report: e2e,
});
finish(0);
