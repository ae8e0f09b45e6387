#!/usr/bin/env node
// What a first visit to the catalogue page costs a visitor: opens /courses in headless Chromium and adds
// up every JSON answer downloaded until the network is idle, as decoded bytes and as bytes transferred.
import { chromium } from '@playwright/test';
import { jsonOption, readOptions } from './lib/cli.mjs';
import { bodyAndSizes } from './lib/public-pages.mjs';
import { memoryOf, mib, serverFromOptions, serverHelp, serverOptions } from './lib/server.mjs';

const HELP = `Usage: node bench/first-view.mjs [options]

Opens <url>/courses once in a fresh headless Chromium (no cache) and prints each JSON answer and the sums.
The web app must be built (npm run build) for the server to serve /courses.

${serverHelp}

  --path <path>          page to open (default /courses)
  --chromium <path>      browser (default $CHROMIUM_PATH or /usr/bin/chromium)
  --timeout <seconds>    longest wait for the network to go idle (default 120)
  --quiet <seconds>      the network counts as idle after this long without a request (default 3)
  --json                 also print the results as JSON
  --help                 this text

Example: node bench/first-view.mjs --url http://127.0.0.1:3400`;

const options = readOptions(HELP, {
  ...serverOptions,
  path: { type: 'string', default: '/courses' },
  chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  timeout: { type: 'string', default: '120' },
  quiet: { type: 'string', default: '3' },
  ...jsonOption,
});

const server = await serverFromOptions(options);
const answers = [];
let browser;
try {
  browser = await chromium.launch({
    executablePath: options.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  const pending = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('application/json')) return;
    pending.push(
      (async () => {
        const { body, sizes } = await bodyAndSizes(response);
        answers.push({
          url: response.url().replace(server.url, ''),
          status: response.status(),
          bodyBytes: body.length,
          transferBodyBytes: sizes?.responseBodySize,
          transferHeaderBytes: sizes?.responseHeadersSize,
          encoding: response.headers()['content-encoding'] ?? 'none',
        });
      })(),
    );
  });
  // Chromium's own network-idle fires after 500 ms without traffic, before a page that waits (a
  // debounced search, a lazy chunk) has asked for its data; so wait for a longer quiet spell as well.
  let inFlight = 0;
  let lastActivity = performance.now();
  const touch = () => {
    lastActivity = performance.now();
  };
  page.on('request', () => {
    inFlight++;
    touch();
  });
  for (const event of ['requestfinished', 'requestfailed']) {
    page.on(event, () => {
      inFlight--;
      touch();
    });
  }
  const started = performance.now();
  const timeoutMs = Number(options.timeout) * 1000;
  const response = await page.goto(`${server.url}${options.path}`, {
    waitUntil: 'networkidle',
    timeout: timeoutMs,
  });
  const quietMs = Number(options.quiet) * 1000;
  while (
    (inFlight > 0 || performance.now() - lastActivity < quietMs) &&
    performance.now() - started < timeoutMs
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The time until the last request ended, not the quiet spell after it.
  const seconds = (lastActivity - started) / 1000;
  await Promise.all(pending);
  if (!response?.ok()) console.error(`${options.path} answered ${response?.status()}`);

  const sum = (key) => answers.reduce((total, a) => total + (a[key] ?? 0), 0);
  console.log(
    `\n${options.path}: network idle after ${seconds.toFixed(1)} s, ${answers.length} JSON answers\n`,
  );
  console.log(
    '| answer | status | JSON bytes | transferred body bytes | transferred header bytes | encoding |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const a of answers) {
    console.log(
      `| ${a.url} | ${a.status} | ${a.bodyBytes} | ${a.transferBodyBytes ?? '-'} | ${a.transferHeaderBytes ?? '-'} | ${a.encoding} |`,
    );
  }
  console.log(
    `| **total** | | **${sum('bodyBytes')}** | **${sum('transferBodyBytes')}** | **${sum('transferHeaderBytes')}** | |`,
  );
  if (server.pid)
    console.log(
      `\nServer memory: ${mib(memoryOf(server.pid).rss)} resident, peak ${mib(memoryOf(server.pid).hwm)}`,
    );
  if (options.json) {
    console.log(
      JSON.stringify(
        { seconds, bodyBytes: sum('bodyBytes'), transferBodyBytes: sum('transferBodyBytes'), answers },
        null,
        2,
      ),
    );
  }
} finally {
  await browser?.close();
  await server.stop();
}
