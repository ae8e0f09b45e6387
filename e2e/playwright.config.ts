import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { s3Settings } from './support/s3';
import { stripeSettings } from './support/stripe';

// One fresh data folder per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'skillwise-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

// The same app with its files in a bucket (e2e/s3-storage.spec.ts): its own folder, holding its data
// folder and its log, which the journey reads.
process.env.E2E_S3_DIR ??= mkdtempSync(path.join(tmpdir(), 'skillwise-e2e-s3-'));
const s3 = s3Settings();
// The same app again with Stripe configured (e2e/payments-stripe.spec.ts), beside a Stripe fake.
process.env.E2E_STRIPE_DIR ??= mkdtempSync(path.join(tmpdir(), 'skillwise-e2e-stripe-'));
const stripe = stripeSettings();
// The migrated embedded database each app server below copies into its DATA_DIR (e2e/support/data-dir.ts).
process.env.E2E_DB_TEMPLATE ??= path.join(mkdtempSync(path.join(tmpdir(), 'skillwise-e2e-db-')), 'db');
/** Gives the app server its copy of that database, then starts it. */
const serve = 'node --import tsx e2e/support/data-dir.ts && npm run serve --silent';
// The AWS SDK's notice about future Node versions (servers and workers inherit this) is no part of
// what the journeys look at.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  // Generous: a busy machine makes a journey slow, never failing; these only stop one that hangs.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  retries: 0,
  workers: 2,
  reporter: 'list',
  use: {
    baseURL,
    // The journeys read the English texts: the browser says English whatever the machine's language
    // (the app opens in the browser's language, docs/decisions/044); a journey in another language
    // sets its own.
    locale: 'en-US',
    // A failed journey keeps its trace (each step's DOM, its network and console) and a screenshot; the
    // trace's own film of every frame is left out: recording it took a third of the journeys' CPU. With
    // E2E_TRACE=off (.ci/run, whose clone no one opens afterwards) no trace is recorded: the DOM
    // snapshots of every step took a sixth of the journeys' time.
    trace:
      process.env.E2E_TRACE === 'off'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      // The production server, compiled by `npm run build` (which the test command runs first).
      command: serve,
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SMTP_URL: '',
        DATABASE_URL: '',
        // The operator's fee on course sales, which the Sales screen's journey reads (e2e/earnings.spec.ts).
        PLATFORM_FEE_PERCENT: '10',
        // The webhooks journey's receiver listens on this machine (e2e/webhooks.spec.ts).
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
        // Opens the test-only clock of plan renewals (POST /api/test/billing/advance); nothing else.
        NODE_ENV: 'test',
      },
    },
    {
      // s3rver with the journeys' bucket, which the app origin below may read (CORS).
      command: 'node --import tsx e2e/support/s3-server.ts',
      cwd: '..',
      url: `${s3.endpoint}/${s3.bucket}`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      // The same production server with its files in that bucket; its log goes to a file for the journey.
      command: `${serve} > ${JSON.stringify(path.join(process.env.E2E_S3_DIR, 'server.log'))}`,
      cwd: '..',
      url: `${s3.appOrigin}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(s3.appPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(process.env.E2E_S3_DIR, 'data'),
        PUBLIC_URL: s3.appOrigin,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SMTP_URL: '',
        DATABASE_URL: '',
        ...s3.env,
      },
    },
    {
      // The Stripe fake: Stripe's API, its hosted checkout page, and signed webhook events to the app below.
      command: 'node --import tsx e2e/support/stripe-server.ts',
      cwd: '..',
      // Any answer will do (an unsigned request is refused 401): the fake is listening.
      url: `${stripe.fakeOrigin}/v1/checkout/sessions`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      // The same production server with Stripe configured, pointed at the fake.
      command: serve,
      cwd: '..',
      url: `${stripe.appOrigin}/api/health`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(stripe.appPort),
        HOST: '127.0.0.1',
        // The test-only clock (docs/decisions/025): the Stripe plan journey lets the grace run out.
        NODE_ENV: 'test',
        DATA_DIR: process.env.E2E_STRIPE_DIR,
        PUBLIC_URL: stripe.appOrigin,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SMTP_URL: '',
        DATABASE_URL: '',
        ...stripe.env,
      },
    },
  ],
});
