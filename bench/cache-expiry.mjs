#!/usr/bin/env node
// What a public answer's expiry costs under load: the whole catalogue (1,000 published courses) and one
// course detail, loaded with wrk (one thread, 100 connections) for long enough to cross several expiries
// of PUBLIC_CACHE_SECONDS=5, beside the same server started with a cache that does not expire during the
// run (PUBLIC_CACHE_SECONDS=3600), in turns. An answer computed again behind the one being served costs
// its computation's CPU and nothing else; one computed while the requests wait shows in the tail.
// Usage: node bench/cache-expiry.mjs [seconds per run, default 20] [rounds, default 3]
//   BENCH_DATABASE_URL=postgres://... (an empty database) adds PostgreSQL. Needs wrk (apt-get install wrk).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadWithWrk, median, seedCatalogue, startServer } from './lib/server.mjs';

if (process.argv.includes('--help')) {
  console.log(`Usage: node bench/cache-expiry.mjs [seconds per run, default 20] [rounds, default 3]
  BENCH_DATABASE_URL=postgres://... (an empty database) adds PostgreSQL. Needs wrk (apt-get install wrk).`);
  process.exit(0);
}
const seconds = Number(process.argv[2] ?? 20);
const rounds = Number(process.argv[3] ?? 3);
const COURSES = 1000;
async function measure(label, dataDir, databaseUrl) {
  const base = 4600 + Math.floor(Math.random() * 300);
  // The second server reads the same data: the embedded database allows one process, so it gets a copy.
  let copy;
  if (!databaseUrl) {
    copy = mkdtempSync(path.join(tmpdir(), 'skillwise-expiry-copy-'));
    cpSync(dataDir, copy, { recursive: true });
  }
  const servers = {
    5: await startServer({ port: base, dataDir, databaseUrl, publicCacheSeconds: 5 }),
    3600: await startServer({
      port: base + 1,
      dataDir: copy ?? dataDir,
      databaseUrl,
      publicCacheSeconds: 3600,
    }),
  };
  const rows = [];
  try {
    const list = await (await fetch(`${servers[5].url}/api/courses/GetAllCoursesDetail`)).json();
    const middle = list[Math.floor(list.length / 2)].course_Id;
    for (const [name, pathName] of [
      ['catalogue (1,000 courses)', '/api/courses/GetAllCoursesDetail'],
      ['course detail', `/api/courses/details/${middle}`],
    ]) {
      const turns = [];
      for (let round = 0; round < rounds; round += 1) {
        const order = round % 2 === 0 ? [5, 3600] : [3600, 5];
        const measured = {};
        for (const ttl of order) measured[ttl] = loadWithWrk(`${servers[ttl].url}${pathName}`, seconds);
        turns.push(measured);
      }
      const figure = (ttl, key) => median(turns.map((turn) => turn[ttl][key]));
      rows.push({
        database: label,
        request: name,
        'req/s (5 s)': Math.round(figure(5, 'rps')),
        'req/s (no expiry)': Math.round(figure(3600, 'rps')),
        ratio: +median(turns.map((turn) => turn[5].rps / turn[3600].rps)).toFixed(2),
        'p99 ms (5 s)': +figure(5, 'p99').toFixed(1),
        'p99 ms (no expiry)': +figure(3600, 'p99').toFixed(1),
        'max ms (5 s)': Math.round(figure(5, 'max')),
        'max ms (no expiry)': Math.round(figure(3600, 'max')),
        errors: turns.reduce((sum, turn) => sum + turn[5].errors + turn[3600].errors, 0),
      });
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
  return rows;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-expiry-'));
try {
  seedCatalogue(dataDir, COURSES);
  const rows = await measure('embedded', dataDir);
  if (process.env.BENCH_DATABASE_URL) {
    seedCatalogue(process.env.BENCH_DATABASE_URL, COURSES);
    const pgDir = mkdtempSync(path.join(tmpdir(), 'skillwise-expiry-pg-'));
    try {
      rows.push(...(await measure('PostgreSQL', pgDir, process.env.BENCH_DATABASE_URL)));
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
    }
  }
  console.table(rows);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
