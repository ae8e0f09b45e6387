#!/usr/bin/env node
// Loads the public catalogue (courses/GetAllCoursesDetail with 1,000 published courses) and one course
// detail, its preview curriculum, and one page of it (12 courses), with autocannon at 100 connections, against the app on the embedded database and on
// PostgreSQL, beside a bare Node http server answering the same bytes from memory in the same run (in a
// process of its own, as the app is), and the same bare server also writing the app's headers. The app
// and the references are measured in turn, call by call.
// Usage: node bench/catalogue.mjs [seconds per target]   (BENCH_DATABASE_URL=postgres://... adds PostgreSQL)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from './lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 10);
const COURSES = 1000;

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 100, duration: seconds, pipelining: 1 }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            rps: result.requests.average,
            p99: result.latency.p99,
            errors: result.errors + result.non2xx,
          }),
    );
  });
}

/**
 * A bare server answering the captured bytes from memory: the ceiling for this machine and client. It
 * runs in its own process (bench/lib/bare-server.mjs), as the app does, so that neither shares the
 * load generator's thread.
 */
async function bareServer(port, bodies, headersOf = () => ({})) {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillwise-bare-'));
  const answers = {};
  Object.entries(bodies).forEach(([url, body], i) => {
    const file = path.join(dir, `${i}.json`);
    writeFileSync(file, body);
    answers[url] = { file, headers: headersOf(url) };
  });
  writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(answers));
  const child = spawn(
    process.execPath,
    [path.join(root, 'bench/lib/bare-server.mjs'), String(port), path.join(dir, 'answers.json')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  try {
    await new Promise((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (text) => {
        if (text.includes('listening')) resolve();
      });
      exited.then(() => reject(new Error('the bare server exited before listening')));
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the app sent beside the body (its security headers, ETag, caching, total, Vary). */
const PER_CONNECTION = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'content-type',
  'content-encoding',
]);
async function visitorAnswer(url) {
  // As autocannon asks: no accept-encoding, so the plain answer and its own headers.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_CONNECTION.has(name)));
  return { body: Buffer.from(await response.arrayBuffer()), headers };
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
    const bare = await bareServer(barePort, bodies);
    // The same bare server writing the app's headers too: what the app costs beyond the bytes it sends.
    const sameHeadersPort = port + 501;
    const sameHeaders = await bareServer(sameHeadersPort, bodies, (url) => answers[url].headers);
    try {
      const rows = [];
      for (const [name, pathName] of [
        ['catalogue (1,000 courses)', '/api/courses/GetAllCoursesDetail'],
        ['catalogue page (12 courses)', pagePath],
        ['course detail', detailPath],
        ['preview curriculum', previewPath],
      ]) {
        const appResult = await load(`http://127.0.0.1:${port}${pathName}`);
        const bareResult = await load(`http://127.0.0.1:${barePort}${pathName}`);
        const sameResult = await load(`http://127.0.0.1:${sameHeadersPort}${pathName}`);
        rows.push({
          database: label,
          request: name,
          bytes: answers[pathName].body.length,
          headers: Object.keys(answers[pathName].headers).length,
          appRps: Math.round(appResult.rps),
          appP99ms: appResult.p99,
          bareRps: Math.round(bareResult.rps),
          bareP99ms: bareResult.p99,
          rpsRatio: +(appResult.rps / bareResult.rps).toFixed(2),
          p99Ratio: +(appResult.p99 / Math.max(bareResult.p99, 1)).toFixed(2),
          sameHeadersRps: Math.round(sameResult.rps),
          sameHeadersRatio: +(appResult.rps / sameResult.rps).toFixed(2),
          errors: appResult.errors,
        });
      }
      return rows;
    } finally {
      await bare.stop();
      await sameHeaders.stop();
    }
  } finally {
    await app.stop();
  }
}

const seed = (target) => {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/seed-catalogue.ts', target, String(COURSES)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('seeding failed');
};

const results = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-catalogue-'));
try {
  seed(dataDir);
  results.push(...(await measure('embedded (PGlite)', { DATA_DIR: dataDir, DATABASE_URL: '' })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL) {
  seed(process.env.BENCH_DATABASE_URL);
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
