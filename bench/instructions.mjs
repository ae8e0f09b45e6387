#!/usr/bin/env node
// Counts the instructions the server runs per cached public answer, with valgrind's callgrind, beside a
// bare Node http server answering the same bytes with two headers and the same bare server writing the
// app's headers too (bench/lib/bare-server.mjs, as in bench/catalogue.mjs). A rate moves by a tenth from
// one run to the next on a shared machine, and the load generator shares its cores; a count of
// instructions does not move: it says what a change to the server's path costs or saves when the rates
// cannot tell. Each server is started under callgrind (the app with the flags of `npm run serve`), warmed
// up, then its counters are zeroed, a fixed number of requests is sent with autocannon, and the count is
// read back; the median of the rounds per request is reported. It covers the whole process: Node's HTTP
// parser and writer, the garbage collector, every thread. Valgrind runs a server some 30-50 times slower:
// count, not time, is what this gives.
// Usage: BENCH_DATABASE_URL=postgres://... node bench/instructions.mjs [requests per round] [rounds]
// (an empty PostgreSQL database; defaults 10,000 requests, 3 rounds; needs valgrind and a built server;
// CALLGRIND_KEEP=<dir> keeps the dumps)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { median, seedCatalogue, startBareServer, startServer, visitorAnswer } from './lib/server.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (process.argv.includes('--help') || !databaseUrl) {
  console.log(`Usage: BENCH_DATABASE_URL=postgres://... node bench/instructions.mjs [requests per round, default 10000] [rounds, default 3]
  The database should be empty: 100 published courses are added to it. Needs valgrind (callgrind_control) and npm run build.`);
  process.exit(databaseUrl ? 0 : 1);
}
const requests = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 3);
const COURSES = 100;

const check = (result, what) => {
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} exited with ${result.status}: ${result.stderr ?? ''}`);
  return result;
};
check(
  spawnSync('callgrind_control', ['--help'], { encoding: 'utf8' }),
  'callgrind_control (is valgrind installed?)',
);

// Valgrind names the pipes callgrind_control talks through after $HOST, which the app's own settings set
// to the address it listens on: every server and callgrind_control here see the same.
process.env.HOST = '127.0.0.1';
// CALLGRIND_KEEP=<dir> keeps every dump there, for callgrind_annotate: a round's dump is the file whose
// totals the table reports.
const keptDir = process.env.CALLGRIND_KEEP;
if (keptDir) mkdirSync(keptDir, { recursive: true });
const outDir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'skillwise-callgrind-'));
const underCallgrind = (name) => [
  'valgrind',
  '--tool=callgrind',
  '--quiet',
  `--callgrind-out-file=${path.join(outDir, `${name}.%p`)}`,
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The dumps callgrind has written for `pid`, newest first. */
const dumpsOf = (pid) =>
  readdirSync(outDir)
    .map((file) => ({ file, number: Number(file.match(new RegExp(`\\.${pid}\\.(\\d+)$`))?.[1] ?? 0) }))
    .filter(({ number }) => number > 0)
    .sort((a, b) => b.number - a.number);

/**
 * The total of instructions counted since the counters were last zeroed. Callgrind writes them to a new
 * dump file once the server next runs, which an idle server does not: a request of `nudge` (an unknown
 * path, its answer a few thousand instructions, split over every request of the round) wakes it, and the
 * file is awaited until its totals are there.
 */
async function dumpedInstructions(pid, nudge) {
  const before = dumpsOf(pid)[0]?.number ?? 0;
  check(spawnSync('callgrind_control', ['-d', String(pid)], { encoding: 'utf8' }), 'callgrind_control -d');
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const newest = dumpsOf(pid)[0];
    if (newest && newest.number > before) {
      const text = readFileSync(path.join(outDir, newest.file), 'utf8');
      const totals = text.match(/^totals:\s+(\d+)/m) ?? text.match(/^summary:\s+(\d+)/m);
      if (totals) return Number(totals[1]);
    }
    await fetch(nudge, { signal: AbortSignal.timeout(60_000) }).catch(() => {});
    await sleep(500);
  }
  throw new Error(`callgrind wrote no dump for ${pid} within 300 s`);
}

function load(url, amount) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, amount, pipelining: 1, timeout: 120 }, (error, result) => {
      if (error) reject(error);
      else if (result.errors + result.non2xx > 0)
        reject(new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers not 2xx`));
      else resolve();
    });
  });
}

/** Instructions per request of `url` on the server `pid` over one round. */
async function countedRound(pid, url) {
  check(spawnSync('callgrind_control', ['-z', String(pid)], { encoding: 'utf8' }), 'callgrind_control -z');
  await load(url, requests);
  return (await dumpedInstructions(pid, new URL('/nothing-here', url))) / requests;
}

const counted = new Set();

/** Instructions per request of `url` on the server `pid`, one figure per round. */
async function perRequest(pid, url) {
  // Twice the measured amount first: compiled, its caches filled, its heap grown.
  await load(url, requests * 2);
  // A server's first counted round counts a third to a half more than the next ones, also after a
  // warm-up of four times the amount: it is run and dropped.
  if (!counted.has(pid)) {
    counted.add(pid);
    await countedRound(pid, url);
  }
  const figures = [];
  for (let round = 0; round < rounds; round += 1) figures.push(await countedRound(pid, url));
  return figures;
}

seedCatalogue(databaseUrl, COURSES);

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-instructions-'));
const servers = [];
try {
  const port = 4600 + Math.floor(Math.random() * 300);
  // A plain server first, to read the answers the references send.
  const plain = await startServer({ port, dataDir, databaseUrl });
  const origin = `http://127.0.0.1:${port}`;
  let answers;
  let paths;
  try {
    const page = await visitorAnswer(`${origin}/api/courses/GetAllCoursesDetail?page=1&pageSize=12`);
    const middle = JSON.parse(page.body.toString())[6].course_Id;
    paths = {
      'course detail': `/api/courses/details/${middle}`,
      'preview curriculum': `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${middle}`,
      'catalogue page (12 courses)': '/api/courses/GetAllCoursesDetail?page=1&pageSize=12',
    };
    answers = {};
    for (const pathName of Object.values(paths))
      answers[pathName] = await visitorAnswer(`${origin}${pathName}`);
  } finally {
    await plain.stop();
  }
  const bodies = Object.fromEntries(Object.entries(answers).map(([url, answer]) => [url, answer.body]));

  console.error('Starting the three servers under callgrind (a minute or more)...');
  // The cache kept for the whole run: a recomputation every 5 s would weigh thirty times what it does at
  // full speed, valgrind running the server that much slower.
  const app = await startServer({
    port,
    dataDir,
    databaseUrl,
    publicCacheSeconds: 3600,
    prefix: underCallgrind('app'),
  });
  servers.push(app);
  const bare = await startBareServer(port + 1, bodies, () => ({}), underCallgrind('bare'));
  servers.push(bare);
  const same = await startBareServer(
    port + 2,
    bodies,
    (url) => answers[url].headers,
    underCallgrind('same-headers'),
  );
  servers.push(same);
  const targets = [
    ['app', app.pid, port],
    ['bare, two headers', bare.pid, port + 1],
    ["bare, the app's headers", same.pid, port + 2],
  ];

  const rows = [];
  for (const [request, pathName] of Object.entries(paths)) {
    const figures = {};
    for (const [name, pid, targetPort] of targets) {
      const url = `http://127.0.0.1:${targetPort}${pathName}`;
      figures[name] = await perRequest(pid, url);
      console.error(`${request}, ${name}: ${figures[name].map((n) => Math.round(n)).join(', ')}`);
    }
    const appCount = median(figures.app);
    rows.push({
      request,
      bytes: answers[pathName].body.length,
      'app headers': Object.keys(answers[pathName].headers).length,
      app: Math.round(appCount),
      'bare, two headers': Math.round(median(figures['bare, two headers'])),
      "bare, the app's headers": Math.round(median(figures["bare, the app's headers"])),
      'app range': `${Math.round(Math.min(...figures.app))}-${Math.round(Math.max(...figures.app))}`,
      'bare / app': +(median(figures['bare, two headers']) / appCount).toFixed(3),
      'same headers / app': +(median(figures["bare, the app's headers"]) / appCount).toFixed(3),
    });
  }
  console.table(rows);
  console.log(JSON.stringify(rows, null, 2));
} finally {
  for (const server of servers) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (!keptDir) rmSync(outDir, { recursive: true, force: true });
}
