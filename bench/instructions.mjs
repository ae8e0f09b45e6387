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
//
// --uncached: the course detail computed for every request, as a visitor gets it with PUBLIC_CACHE_SECONDS=0.
// It seeds --courses (10,000) published courses, reads each one's detail once from a plain server, then
// counts the app (cache off) beside a bare server holding all the answers, keyed by URL, and that bare
// server's twin (the noise floor), each loaded with requests for random ids (a seeded random sequence per
// load, the same for the three), so that concurrent requests do not share one computation. The app is
// first asked for every course once, in a shuffled order: from then on lib/public-shortcut.ts answers each
// known URL without routing, computing it every time (the steady state of a server whose visitors ask for
// every course). --first-visits also counts URLs the app has not answered yet (each request made unique by
// a query the route ignores, `?n=<counter>`): Fastify's routing, hooks, validation and serializer then run.
// Only the app's process is counted: PostgreSQL's work runs in its own processes; the CPU time of the
// app's PostgreSQL backends over each round (/proc/<pid>/schedstat) is reported beside it. --embedded runs
// the same on the embedded database (PGlite, in the app's process, so counted in it) in a temporary
// DATA_DIR, without BENCH_DATABASE_URL. Defaults for --uncached: 2,000 requests a round, 3 rounds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuNanoseconds,
  median,
  seedCatalogue,
  seededRandom,
  startBareServer,
  startBareServerWith,
  startServer,
  visitorAnswer,
} from './lib/server.mjs';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    help: { type: 'boolean' },
    uncached: { type: 'boolean' },
    embedded: { type: 'boolean' },
    'first-visits': { type: 'boolean' },
    courses: { type: 'string', default: '10000' },
  },
});
const uncached = flags.uncached === true;
const embedded = uncached && flags.embedded === true;
const databaseUrl = embedded ? undefined : process.env.BENCH_DATABASE_URL;
if (flags.help || (!databaseUrl && !embedded)) {
  console.log(`Usage: BENCH_DATABASE_URL=postgres://... node bench/instructions.mjs [requests per round, default 10000] [rounds, default 3]
  The database should be empty: 100 published courses are added to it. Needs valgrind (callgrind_control) and npm run build.
       BENCH_DATABASE_URL=postgres://... node bench/instructions.mjs --uncached [--courses 10000] [--first-visits] [requests per round, default 2000] [rounds, default 3]
       node bench/instructions.mjs --uncached --embedded [...]   (the embedded database, in a temporary DATA_DIR)
  A course detail computed for every request (PUBLIC_CACHE_SECONDS=0), random ids among --courses published
  courses seeded into the empty database, beside a bare server holding every answer and its twin.`);
  process.exit(flags.help ? 0 : 1);
}
const requests = Number(positionals[0] ?? (uncached ? 2_000 : 10_000));
const rounds = Number(positionals[1] ?? 3);
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

/**
 * Sends `amount` requests at 10 connections. `target` is a URL, or { url, path } where `path()` gives
 * each request's path (called once per request, by whichever connection sends it next).
 */
function load(target, amount) {
  const url = typeof target === 'string' ? target : target.url;
  const requests =
    typeof target === 'string'
      ? undefined
      : [{ setupRequest: (request) => ({ ...request, path: target.path() }) }];
  return new Promise((resolve, reject) => {
    autocannon({ url, requests, connections: 10, amount, pipelining: 1, timeout: 120 }, (error, result) => {
      if (error) reject(error);
      else if (result.errors + result.non2xx > 0)
        reject(new Error(`${url}: ${result.errors} errors, ${result.non2xx} answers not 2xx`));
      else resolve();
    });
  });
}

/**
 * Instructions per request of `target` on the server `pid` over one round; `around` (optional) is told
 * when the load starts and ends (the PostgreSQL backends' CPU is read then).
 */
async function countedRound(pid, target, around) {
  check(spawnSync('callgrind_control', ['-z', String(pid)], { encoding: 'utf8' }), 'callgrind_control -z');
  const started = await around?.start();
  await load(target, requests);
  await around?.end(started);
  const url = typeof target === 'string' ? target : target.url;
  return (await dumpedInstructions(pid, new URL('/nothing-here', url))) / requests;
}

const counted = new Set();

/**
 * Instructions per request of `target` (a URL, or the `load` target `make(round)` gives: round -2 the
 * warm-up, -1 the dropped round, 0.. the counted ones) on the server `pid`, one figure per round.
 */
async function perRequest(pid, target, around) {
  const make = typeof target === 'function' ? target : () => target;
  // Twice the measured amount first, and no fewer than 20,000 requests: compiled, its caches filled, its
  // heap grown (a bare server still counted twice its settled figure after 10,000).
  await load(make(-2), Math.max(requests * 2, 20_000));
  // A server's first counted round counts a third to a half more than the next ones, also after a
  // warm-up of four times the amount: it is run and dropped.
  if (!counted.has(pid)) {
    counted.add(pid);
    await countedRound(pid, make(-1));
  }
  const figures = [];
  for (let round = 0; round < rounds; round += 1) figures.push(await countedRound(pid, make(round), around));
  return figures;
}

if (uncached) await uncachedDetail();
else await cachedAnswers();

/** The existing mode: cached public answers, one URL each, beside bare servers with two headers and the app's. */
async function cachedAnswers() {
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
}

/** The pids of the PostgreSQL backends serving the database of `client`, other than its own. */
async function backendsOf(client) {
  const { rows } = await client.query(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return rows.map((row) => Number(row.pid));
}

function range(values, digits = 0) {
  return `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
}

/** --uncached: a course detail computed for every request, random ids, beside a bare server and its twin. */
async function uncachedDetail() {
  const courseCount = Number(flags.courses);
  const firstVisits = flags['first-visits'] === true;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-instructions-'));
  const servers = [];
  let client;
  try {
    const seedStarted = Date.now();
    seedCatalogue(databaseUrl ?? dataDir, courseCount);
    console.error(`Seeded ${courseCount} courses in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s.`);
    const port = 4600 + Math.floor(Math.random() * 300);
    const origin = `http://127.0.0.1:${port}`;

    // A plain server first (the cache off too), to read every answer the references send.
    const readStarted = Date.now();
    const plain = await startServer({ port, dataDir, databaseUrl, publicCacheSeconds: 0 });
    const bodies = {};
    try {
      const catalogue = await visitorAnswer(`${origin}/api/courses/GetAllCoursesDetail`);
      const ids = JSON.parse(catalogue.body.toString()).map((course) => course.course_Id);
      let next = 0;
      const reader = async () => {
        while (next < ids.length) {
          const pathName = `/api/courses/details/${ids[next++]}`;
          const answer = await visitorAnswer(`${origin}${pathName}`);
          if (JSON.parse(answer.body.toString()).course_Id === undefined)
            throw new Error(`${pathName}: ${answer.body.toString().slice(0, 200)}`);
          bodies[pathName] = answer.body;
        }
      };
      await Promise.all(Array.from({ length: 10 }, reader));
    } finally {
      await plain.stop();
    }
    const paths = Object.keys(bodies);
    const sizes = Object.values(bodies).map((body) => body.length);
    const meanBytes = Math.round(sizes.reduce((sum, n) => sum + n, 0) / sizes.length);
    console.error(
      `Read ${paths.length} course details (${Math.min(...sizes)}-${Math.max(...sizes)} bytes) in ${((Date.now() - readStarted) / 1000).toFixed(1)} s.`,
    );

    console.error('Starting the app and the bare server and its twin under callgrind (a minute or more)...');
    const app = await startServer({
      port,
      dataDir,
      databaseUrl,
      publicCacheSeconds: 0,
      prefix: underCallgrind('app'),
    });
    servers.push(app);
    const bare = await startBareServerWith(port + 1, bodies, {
      prefix: underCallgrind('bare'),
      ignoreQuery: firstVisits,
    });
    servers.push(bare);
    const twin = await startBareServerWith(port + 2, bodies, {
      prefix: underCallgrind('twin'),
      ignoreQuery: firstVisits,
    });
    servers.push(twin);
    const targets = [
      ['app', app.pid, port],
      ['bare', bare.pid, port + 1],
      ['twin', twin.pid, port + 2],
    ];

    // Every course once, in a shuffled order: each URL is then one the app has answered through its route.
    const shuffled = [...paths];
    const shuffle = seededRandom(7);
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = Math.floor(shuffle() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    for (const [name, , targetPort] of targets) {
      const started = Date.now();
      let next = 0;
      await load(
        { url: `http://127.0.0.1:${targetPort}/`, path: () => shuffled[next++ % shuffled.length] },
        shuffled.length,
      );
      console.error(`${name}: every course once in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }

    // The app's PostgreSQL backends' CPU time over each counted round.
    if (databaseUrl) {
      client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
    }
    const backendFigures = [];
    const around = client && {
      async start() {
        return cpuNanoseconds(await backendsOf(client));
      },
      async end(before) {
        const pids = new Set([...before.keys(), ...(await backendsOf(client))]);
        const after = cpuNanoseconds(pids);
        let ns = 0;
        for (const [pid, now] of after) ns += now - (before.get(pid) ?? 0);
        const gone = [...before.keys()].filter((pid) => !after.has(pid)).length;
        backendFigures.push({ us: ns / 1000 / requests, backends: after.size, gone });
      },
    };

    // Each load's ids from its own seed: the app, the bare server and the twin are sent the same sequence.
    const randomTarget = (targetPort, phase, unique) => (round) => {
      const seed = phase * 1000 + round + 10;
      const random = seededRandom(seed);
      let n = 0;
      return {
        url: `http://127.0.0.1:${targetPort}/`,
        path: () => {
          const pathName = paths[Math.floor(random() * paths.length)];
          return unique ? `${pathName}?n=${seed}.${n++}` : pathName;
        },
      };
    };
    const phases = [['course detail, random id, URL known (shortcut)', 1, false]];
    if (firstVisits) phases.push(['course detail, random id, first visit (route)', 2, true]);

    const rows = [];
    for (const [request, phase, unique] of phases) {
      // Each kind of request starts with a round run and dropped, on every server.
      counted.clear();
      const figures = {};
      let backends = [];
      for (const [name, pid, targetPort] of targets) {
        backendFigures.length = 0;
        figures[name] = await perRequest(
          pid,
          randomTarget(targetPort, phase, unique),
          name === 'app' ? around : undefined,
        );
        if (name === 'app') backends = [...backendFigures];
        console.error(`${request}, ${name}: ${figures[name].map((n) => Math.round(n)).join(', ')}`);
      }
      const ratios = figures.app.map((n, i) => n / figures.bare[i]);
      const row = {
        request,
        'mean bytes': meanBytes,
        app: Math.round(median(figures.app)),
        bare: Math.round(median(figures.bare)),
        twin: Math.round(median(figures.twin)),
        'app / bare': +(median(figures.app) / median(figures.bare)).toFixed(2),
        'app / bare by round': range(ratios, 2),
        'twin / bare': +(median(figures.twin) / median(figures.bare)).toFixed(3),
        'app range': range(figures.app),
        'bare range': range(figures.bare),
        'twin range': range(figures.twin),
      };
      if (backends.length > 0) {
        const us = backends.map((b) => b.us);
        row['PostgreSQL backends µs/request'] = +median(us).toFixed(1);
        row['PostgreSQL range'] = range(us, 1);
        row['backends (gone)'] =
          `${Math.max(...backends.map((b) => b.backends))} (${backends.reduce((sum, b) => sum + b.gone, 0)})`;
      }
      rows.push(row);
    }
    console.log(
      `${paths.length} published courses, ${requests} requests a round at 10 connections, ${rounds} rounds (medians), ` +
        (databaseUrl
          ? 'PostgreSQL: only the app process is counted; the database works in its own backend processes, whose CPU time (not instructions) is given apart ' +
            '(each query wakes an idle backend while valgrind slows the app: more than at full speed).'
          : 'embedded database (PGlite): its work runs in the app process and is counted in it.'),
    );
    console.table(rows);
    console.log(JSON.stringify(rows, null, 2));
  } finally {
    await client?.end().catch(() => undefined);
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!keptDir) rmSync(outDir, { recursive: true, force: true });
  }
}
