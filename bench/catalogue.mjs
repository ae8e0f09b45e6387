#!/usr/bin/env node
// Loads the public catalogue (courses/GetAllCoursesDetail with 1,000 published courses) and one course
// detail, its preview curriculum, and one page of it (12 courses), with autocannon at 100 connections, against the app on the embedded database and on
// PostgreSQL, beside a bare Node http server answering the same bytes from memory in the same run (in a
// process of its own, as the app is), and the same bare server also writing the app's headers. A second
// copy of the bare server, measured against the first the same way, gives the run's own noise: the ratio
// two identical servers reach on this machine in this run. The app and the references are measured in
// turn, call by call, round after round: each ratio is taken within a round, so that a machine whose
// speed drifts (a shared host) moves both sides of it, and the median of the rounds' ratios is reported
// with their range.
// Usage: node bench/catalogue.mjs [seconds per run] [rounds]   (BENCH_DATABASE_URL=postgres://... adds
// PostgreSQL; defaults: 3 s, 5 rounds; CLIENT=wrk loads with wrk, one thread, instead of autocannon)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  loadWithAutocannon,
  loadWithWrk,
  median,
  seedCatalogue,
  startBareServer,
  startServer,
  visitorAnswer,
} from './lib/server.mjs';

if (process.argv.includes('--help')) {
  console.log(`Usage: node bench/catalogue.mjs [seconds per run, default 3] [rounds, default 5]
  BENCH_DATABASE_URL=postgres://... (an empty database) adds PostgreSQL; PUBLIC_CACHE_SECONDS=0 measures uncached answers;
  CLIENT=wrk loads with wrk (apt-get install wrk), a client in C whose cost does not grow with the header lines it reads.`);
  process.exit(0);
}
const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 5);
const COURSES = 1000;

function load(url) {
  if (process.env.CLIENT === 'wrk') return Promise.resolve(loadWithWrk(url, seconds));
  return loadWithAutocannon({ url, connections: 100, duration: seconds });
}

async function measure(label, env) {
  const port = 4100 + Math.floor(Math.random() * 400);
  const app = await startServer({
    port,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    publicCacheSeconds: Number(process.env.PUBLIC_CACHE_SECONDS ?? 5),
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    const catalogue = await visitorAnswer(`${origin}/api/courses/GetAllCoursesDetail`);
    const list = JSON.parse(catalogue.body.toString());
    if (list.length < COURSES) throw new Error(`the catalogue has ${list.length} courses`);
    const middle = list[Math.floor(list.length / 2)].course_Id;
    const detailPath = `/api/courses/details/${middle}`;
    const pagePath = '/api/courses/GetAllCoursesDetail?page=1&pageSize=12';
    // The course page's curriculum, as a visitor's browser asks for it.
    const previewPath = `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${middle}`;
    const answers = {
      '/api/courses/GetAllCoursesDetail': catalogue,
      [pagePath]: await visitorAnswer(`${origin}${pagePath}`),
      [detailPath]: await visitorAnswer(`${origin}${detailPath}`),
      [previewPath]: await visitorAnswer(`${origin}${previewPath}`),
    };
    const bodies = Object.fromEntries(Object.entries(answers).map(([url, answer]) => [url, answer.body]));
    const barePort = port + 500;
    const bare = await startBareServer(barePort, bodies);
    // The same bare server writing the app's headers too: what the app costs beyond the bytes it sends.
    const sameHeadersPort = port + 501;
    const sameHeaders = await startBareServer(sameHeadersPort, bodies, (url) => answers[url].headers);
    // The bare server again: bare / bare is 1 but for the noise, which sets what a ratio here can tell.
    const twinPort = port + 502;
    const twin = await startBareServer(twinPort, bodies);
    try {
      const rows = [];
      const range = (values) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;
      for (const [name, pathName] of [
        ['catalogue (1,000 courses)', '/api/courses/GetAllCoursesDetail'],
        ['catalogue page (12 courses)', pagePath],
        ['course detail', detailPath],
        ['preview curriculum', previewPath],
      ]) {
        const turns = [];
        for (let round = 0; round < rounds; round += 1) {
          // Every other round runs the four the other way round: none always goes first.
          const order = [port, barePort, sameHeadersPort, twinPort];
          if (round % 2 === 1) order.reverse();
          const measured = new Map();
          for (const target of order)
            measured.set(target, await load(`http://127.0.0.1:${target}${pathName}`));
          const app = measured.get(port);
          turns.push({
            app,
            bare: measured.get(barePort),
            same: measured.get(sameHeadersPort),
            twin: measured.get(twinPort),
            errors: app.errors,
          });
        }
        const ratios = turns.map((turn) => turn.app.rps / turn.bare.rps);
        const sameRatios = turns.map((turn) => turn.app.rps / turn.same.rps);
        const noiseRatios = turns.map((turn) => turn.twin.rps / turn.bare.rps);
        rows.push({
          database: label,
          request: name,
          bytes: answers[pathName].body.length,
          headers: Object.keys(answers[pathName].headers).length,
          appRps: Math.round(median(turns.map((turn) => turn.app.rps))),
          bareRps: Math.round(median(turns.map((turn) => turn.bare.rps))),
          rpsRatio: +median(ratios).toFixed(2),
          ratioRange: range(ratios),
          p99Ratio: +median(turns.map((turn) => turn.app.p99 / Math.max(turn.bare.p99, 1))).toFixed(2),
          sameHeadersRatio: +median(sameRatios).toFixed(2),
          sameHeadersRange: range(sameRatios),
          bareTwinRatio: +median(noiseRatios).toFixed(2),
          bareTwinRange: range(noiseRatios),
          errors: turns.reduce((sum, turn) => sum + turn.errors, 0),
        });
      }
      return rows;
    } finally {
      await bare.stop();
      await sameHeaders.stop();
      await twin.stop();
    }
  } finally {
    await app.stop();
  }
}

const results = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-catalogue-'));
try {
  seedCatalogue(dataDir, COURSES);
  results.push(...(await measure('embedded (PGlite)', { DATA_DIR: dataDir, DATABASE_URL: '' })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL) {
  seedCatalogue(process.env.BENCH_DATABASE_URL, COURSES);
  const pgDir = mkdtempSync(path.join(tmpdir(), 'skillwise-catalogue-pg-'));
  try {
    results.push(
      ...(await measure('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: process.env.BENCH_DATABASE_URL })),
    );
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
  }
}
console.table(results);
console.log(JSON.stringify(results, null, 2));
