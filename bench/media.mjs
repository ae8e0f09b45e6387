#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, createSection } from './lib/authoring.mjs';
import { jsonOption, readOptions } from './lib/cli.mjs';
import { startNginx, waitFor } from './lib/nginx.mjs';
import { median, memoryOf, mib, quantile, root, startServer } from './lib/server.mjs';

const HELP = `Usage: node bench/media.mjs [options]

Starts the app on a temporary DATA_DIR (embedded database, or --database-url), uploads one generated video
lesson, starts nginx on the same files, and measures both in turns.

  --file-mib <n>        size of the lesson file (default 64)
  --streams <n>         whole-file downloads at once (default 20)
  --seek-clients <n>    clients asking for random ranges at once (default 10)
  --seek-kib <n>        size of one range (default 256)
  --seconds <n>         seconds per measurement (default 10)
  --rounds <n>          app and nginx turns (default 3)
  --database-url <url>  run the app on PostgreSQL instead of the embedded database
  --port <n>            the app's port (default 3410); nginx takes the next one
  --front <how>         none (default): the app is asked directly; proxy: the app behind nginx as
                        deploy/nginx.conf sets it up (on the port after nginx's), nginx passing the app's
                        bytes on; x-accel: the same with X_ACCEL_REDIRECT_PREFIX, the app granting and
                        nginx sending the file from disk
  --json                also print the results as JSON`;

const options = readOptions(HELP, {
  'file-mib': { type: 'string', default: '64' },
  streams: { type: 'string', default: '20' },
  'seek-clients': { type: 'string', default: '10' },
  'seek-kib': { type: 'string', default: '256' },
  seconds: { type: 'string', default: '10' },
  rounds: { type: 'string', default: '3' },
  'database-url': { type: 'string' },
  port: { type: 'string', default: '3410' },
  front: { type: 'string', default: 'none' },
  ...jsonOption,
});

const FILE_BYTES = Number(options['file-mib']) * 1024 * 1024;
const STREAMS = Number(options.streams);
const SEEK_CLIENTS = Number(options['seek-clients']);
const SEEK_BYTES = Number(options['seek-kib']) * 1024;
const SECONDS = Number(options.seconds);
const ROUNDS = Number(options.rounds);
const APP_PORT = Number(options.port);
const NGINX_PORT = APP_PORT + 1;
const FRONT_PORT = APP_PORT + 2;
const FRONT = options.front;
if (!['none', 'proxy', 'x-accel'].includes(FRONT)) throw new Error('--front is none, proxy or x-accel');
const X_ACCEL = FRONT === 'x-accel';
const FRONTED = FRONT !== 'none';

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-media-'));
const nginxDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-nginx-'));
const api = `http://127.0.0.1:${APP_PORT}/api`;

const json = (method, url, body, token) => apiCall(api, method, url, body, token);

/** A video lesson of FILE_BYTES: an MP4 header, then random bytes, sent as the multipart form. */
async function uploadVideo(token, sectionId) {
  const mp4Header = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 1]);
  const bytes = Buffer.concat([mp4Header, randomBytes(FILE_BYTES - mp4Header.length)]);
  const form = new FormData();
  form.set('Object.lesson_Id', '0');
  form.set('Object.lesson_title', 'Media lesson');
  form.set('Object.contentType', 'video');
  form.set('Object.section_Id', String(sectionId));
  form.set('fileName', new Blob([bytes], { type: 'video/mp4' }), 'lesson.mp4');
  return { lesson: await json('POST', 'lessons/createLessons', form, token), bytes };
}

/** The largest file under the DATA_DIR's files: the lesson just uploaded. */
function largestFile(root) {
  let best;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!best || statSync(full).size > statSync(best).size) best = full;
    }
  };
  walk(root);
  return best;
}

/** deploy/nginx.conf's server block in front of the app, on FRONT_PORT, reading `filesRoot`. */
const frontServer = (filesRoot) =>
  readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace('listen 80;', `listen 127.0.0.1:${FRONT_PORT};`)
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${APP_PORT};`)
    .replace('/var/lib/skillwise/files/', `${filesRoot}/`);

/** nginx on the same files (NGINX_PORT), and with --front the app behind it (deploy/nginx.conf). */
const nginxServers = (filesRoot) => `  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location /files/ { alias ${filesRoot}/; }
  }
  ${FRONTED ? frontServer(filesRoot) : ''}`;

/**
 * GETs `url` (optionally a range) on a kept-alive socket; answers the body's byte count and status, and
 * with `keep` the body itself.
 */
function get(agent, url, range, keep = false) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: range ? { range } : {} }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode, bytes, body: keep ? Buffer.concat(chunks) : undefined }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** STREAMS clients each download the whole file again and again for SECONDS: MiB/s over all. */
async function streams(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS });
  const until = performance.now() + SECONDS * 1000;
  let bytes = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: STREAMS }, async () => {
      while (performance.now() < until) {
        const answer = await get(agent, url).catch(() => ({ status: 0, bytes: 0 }));
        if (answer.status !== 200) errors++;
        bytes += answer.bytes;
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return { mibPerSecond: bytes / 1024 / 1024 / seconds, errors };
}

/** SEEK_CLIENTS clients ask for SEEK_BYTES at random offsets for SECONDS: latency percentiles. */
async function seeks(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SEEK_CLIENTS });
  const until = performance.now() + SECONDS * 1000;
  const latencies = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: SEEK_CLIENTS }, async () => {
      while (performance.now() < until) {
        const start = Math.floor(Math.random() * (FILE_BYTES - SEEK_BYTES));
        const began = performance.now();
        const answer = await get(agent, url, `bytes=${start}-${start + SEEK_BYTES - 1}`).catch(() => ({
          status: 0,
          bytes: 0,
        }));
        latencies.push(performance.now() - began);
        if (answer.status !== 206 || answer.bytes !== SEEK_BYTES) errors++;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / SECONDS,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
  };
}

/**
 * The same load once more, every answer's bytes compared with the uploaded file's: answers whose bytes
 * differ (a read buffer used again too early would show here). Not timed.
 */
async function wrongAnswers(url, expected) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS + SEEK_CLIENTS });
  const whole = Array.from({ length: STREAMS }, () => ({
    start: 0,
    end: expected.length - 1,
    range: undefined,
  }));
  const parts = Array.from({ length: SEEK_CLIENTS * 10 }, () => {
    const start = Math.floor(Math.random() * (FILE_BYTES - SEEK_BYTES));
    return { start, end: start + SEEK_BYTES - 1, range: `bytes=${start}-${start + SEEK_BYTES - 1}` };
  });
  const answers = await Promise.all(
    [...whole, ...parts].map(async ({ start, end, range }) => {
      const answer = await get(agent, url, range, true).catch(() => ({ body: Buffer.alloc(0) }));
      return answer.body.equals(expected.subarray(start, end + 1)) ? 0 : 1;
    }),
  );
  agent.destroy();
  return answers.reduce((sum, wrong) => sum + wrong, 0);
}

const server = await startServer({
  port: APP_PORT,
  dataDir,
  databaseUrl: options['database-url'],
  env: { SEED_DEMO: 'true', ...(X_ACCEL ? { X_ACCEL_REDIRECT_PREFIX: '/_files/' } : {}) },
});
let nginx;
try {
  const { token } = await json('POST', 'users/Login', {
    username: 'publisher@example.com',
    password: 'publisher123',
  });
  const sectionId = await createSection(api, token, 'Media');
  const { lesson, bytes } = await uploadVideo(token, sectionId);
  const content = await json('GET', `lessons/GetLessonContentUrl/${lesson.lesson_Id}`, undefined, token);
  const appUrl = new URL(
    content.content_path,
    `http://127.0.0.1:${FRONTED ? FRONT_PORT : APP_PORT}`,
  ).toString();
  const filesRoot = path.join(dataDir, 'files');
  const file = largestFile(filesRoot);
  if (statSync(file).size !== FILE_BYTES) throw new Error(`the stored file has ${statSync(file).size} bytes`);
  nginx = startNginx(nginxDir, nginxServers(filesRoot));
  const nginxUrl = `http://127.0.0.1:${NGINX_PORT}/files/${path.relative(filesRoot, file)}`;
  await waitFor(nginxUrl);
  if (FRONTED) await waitFor(appUrl);

  const results = { app: { streams: [], seeks: [] }, nginx: { streams: [], seeks: [] } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of [
      ['app', appUrl],
      ['nginx', nginxUrl],
    ]) {
      results[name].streams.push(await streams(url));
      results[name].seeks.push(await seeks(url));
    }
  }
  const wrong = { app: await wrongAnswers(appUrl, bytes), nginx: await wrongAnswers(nginxUrl, bytes) };
  const memory = memoryOf(server.pid);
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, r]) => [
      name,
      {
        streamsMiBps: median(r.streams.map((s) => s.mibPerSecond)),
        streamErrors: r.streams.reduce((n, s) => n + s.errors, 0),
        seeksPerSecond: median(r.seeks.map((s) => s.perSecond)),
        seekP50: median(r.seeks.map((s) => s.p50)),
        seekP99: median(r.seeks.map((s) => s.p99)),
        seekErrors: r.seeks.reduce((n, s) => n + s.errors, 0),
        wrongAnswers: wrong[name],
      },
    ]),
  );
  const f = (n, d = 1) => n.toFixed(d);
  console.log(
    `\n${options['file-mib']} MiB lesson; ${STREAMS} streams, ${SEEK_CLIENTS} seeking clients of ${options['seek-kib']} KiB, ${SECONDS} s each, median of ${ROUNDS} turns\n`,
  );
  console.log(
    `| | ${{ none: 'app', proxy: 'app behind nginx', 'x-accel': 'app behind nginx, X-Accel-Redirect' }[FRONT]} | nginx | app / nginx |`,
  );
  console.log('|---|---|---|---|');
  const { app, nginx: ref } = summary;
  console.log(
    `| ${STREAMS} streams, MiB/s | ${f(app.streamsMiBps)} | ${f(ref.streamsMiBps)} | ${f(app.streamsMiBps / ref.streamsMiBps, 2)}x |`,
  );
  console.log(
    `| seeks per second | ${f(app.seeksPerSecond)} | ${f(ref.seeksPerSecond)} | ${f(app.seeksPerSecond / ref.seeksPerSecond, 2)}x |`,
  );
  console.log(
    `| seek p50, ms | ${f(app.seekP50)} | ${f(ref.seekP50)} | ${f(app.seekP50 / ref.seekP50, 2)}x |`,
  );
  console.log(
    `| seek p99, ms | ${f(app.seekP99)} | ${f(ref.seekP99)} | ${f(app.seekP99 / ref.seekP99, 2)}x |`,
  );
  console.log(
    `| errors (streams, seeks) | ${app.streamErrors}, ${app.seekErrors} | ${ref.streamErrors}, ${ref.seekErrors} | |`,
  );
  console.log(
    `| answers with wrong bytes, of ${STREAMS + SEEK_CLIENTS * 10} checked | ${app.wrongAnswers} | ${ref.wrongAnswers} | |`,
  );
  console.log(
    `\nThe app's server after the load: ${mib(memory.rss)} resident, ${mib(memory.hwm)} at its peak.`,
  );
  if (options.json) console.log(JSON.stringify({ summary, results, memory }, null, 2));
} finally {
  nginx?.kill('SIGQUIT');
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(nginxDir, { recursive: true, force: true });
}
