#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, createSection } from './lib/authoring.mjs';
import { jsonOption, readOptions } from './lib/cli.mjs';
import { startNginx, waitFor } from './lib/nginx.mjs';
import { childrenOf, cpuSeconds, median, memoryOf, mib, quantile, root, startServer } from './lib/server.mjs';

const HELP = `Usage: node bench/media.mjs [options]

Starts the app on a temporary DATA_DIR (embedded database, or --database-url), uploads one generated video
lesson, starts nginx on the same files and a twin of that nginx (a second process, the same
configuration: the noise floor) and a bare Node file server (bench/lib/bare-file-server.mjs: what Node
itself costs to send a file), and measures the four in interleaved rounds, each round in a different
order. Every figure is a ratio to nginx in the same round; the median of the rounds is printed beside the
twin's.

  --file-mib <n>        size of the lesson file (default 64)
  --streams <n>         whole-file downloads at once (default 20)
  --seek-clients <n>    clients asking for random ranges at once (default 10)
  --seek-kib <n>        size of one range (default 256)
  --seconds <n>         seconds per measurement (default 10)
  --rounds <n>          rounds, each with a turn of the app, nginx and its twin (default 3)
  --database-url <url>  run the app on PostgreSQL instead of the embedded database
  --port <n>            the app's port (default 3410); nginx takes the next one, its twin the fourth,
                        the bare Node server the fifth
  --front <how>         none (default): the app is asked directly; proxy: the app behind nginx as
                        deploy/nginx.conf sets it up (on the port after nginx's), nginx passing the app's
                        bytes on; x-accel: the same with X_ACCEL_REDIRECT_PREFIX, the app granting and
                        nginx sending the file from disk
  --json                also print the results as JSON`;

/** bench/lib/bare-file-server.mjs on `port`, sending `file`; answers its child process once it listens. */
async function startBareFileServer(port, file) {
  const child = spawn(
    process.execPath,
    [path.join(root, 'bench/lib/bare-file-server.mjs'), String(port), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = await once(child.stdout.setEncoding('utf8'), 'data');
  if (!String(line).includes('listening')) throw new Error(`the bare file server said ${line}`);
  return child;
}

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
const TWIN_PORT = APP_PORT + 3;
const BARE_PORT = APP_PORT + 4;
const FRONT = options.front;
if (!['none', 'proxy', 'x-accel'].includes(FRONT)) throw new Error('--front is none, proxy or x-accel');
const X_ACCEL = FRONT === 'x-accel';
const FRONTED = FRONT !== 'none';

const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-media-'));
const nginxDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-nginx-'));
const twinDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-nginx-twin-'));
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

/** nginx on the same files (on `port`), and with `front` the app behind it (deploy/nginx.conf). */
const nginxServers = (filesRoot, port, front) => `  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    location /files/ { alias ${filesRoot}/; }
  }
  ${front ? frontServer(filesRoot) : ''}`;

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

/**
 * STREAMS clients each download the whole file again and again for SECONDS: MiB/s over all, and the CPU
 * seconds per GiB of the serving process and of this client.
 */
async function streams(url, pid) {
  const cpuBefore = cpuSeconds(pid);
  const clientBefore = process.cpuUsage();
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
  const gib = bytes / 1024 ** 3;
  const client = process.cpuUsage(clientBefore);
  return {
    mibPerSecond: bytes / 1024 / 1024 / seconds,
    serverCpuPerGib: (cpuSeconds(pid) - cpuBefore) / gib,
    clientCpuPerGib: (client.user + client.system) / 1e6 / gib,
    errors,
  };
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
let twin;
let bare;
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
  nginx = startNginx(nginxDir, nginxServers(filesRoot, NGINX_PORT, FRONTED));
  twin = startNginx(twinDir, nginxServers(filesRoot, TWIN_PORT, false));
  bare = await startBareFileServer(BARE_PORT, file);
  const fileUrl = (port) => `http://127.0.0.1:${port}/files/${path.relative(filesRoot, file)}`;
  const urls = {
    app: appUrl,
    nginx: fileUrl(NGINX_PORT),
    twin: fileUrl(TWIN_PORT),
    node: `http://127.0.0.1:${BARE_PORT}/`,
  };
  for (const url of Object.values(urls)) await waitFor(url);
  // The process that sends the bytes: nginx's one worker; with a front, the app's CPU is not counted.
  const pids = {
    app: server.pid,
    nginx: childrenOf(nginx.pid)[0],
    twin: childrenOf(twin.pid)[0],
    node: bare.pid,
  };

  const sides = Object.keys(urls);
  const results = Object.fromEntries(sides.map((side) => [side, { streams: [], seeks: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in a different order, so that no side always follows the same one.
    const order = [...sides];
    for (let turn = 0; turn < round; turn++) order.push(order.shift());
    for (const side of order) {
      results[side].streams.push(await streams(urls[side], pids[side]));
      results[side].seeks.push(await seeks(urls[side]));
    }
  }
  const wrong = Object.fromEntries(
    await Promise.all(sides.map(async (side) => [side, await wrongAnswers(urls[side], bytes)])),
  );
  const memory = memoryOf(server.pid);
  // Per round, each side against nginx in the same round: higher is better for rates, lower for times.
  const figures = {
    streams: (r) => r.streams.map((s) => s.mibPerSecond),
    seeksPerSecond: (r) => r.seeks.map((s) => s.perSecond),
    seekP50: (r) => r.seeks.map((s) => s.p50),
    seekP99: (r) => r.seeks.map((s) => s.p99),
  };
  const summary = Object.fromEntries(
    sides.map((side) => {
      const r = results[side];
      const ratios = Object.fromEntries(
        Object.entries(figures).map(([name, of]) => {
          const mine = of(r);
          const reference = of(results.nginx);
          return [name, mine.map((value, i) => value / reference[i])];
        }),
      );
      return [
        side,
        {
          streamsMiBps: median(figures.streams(r)),
          seeksPerSecond: median(figures.seeksPerSecond(r)),
          seekP50: median(figures.seekP50(r)),
          seekP99: median(figures.seekP99(r)),
          serverCpuPerGib: median(r.streams.map((s) => s.serverCpuPerGib)),
          clientCpuPerGib: median(r.streams.map((s) => s.clientCpuPerGib)),
          ratios,
          medianRatios: Object.fromEntries(
            Object.entries(ratios).map(([name, list]) => [name, median(list)]),
          ),
          streamErrors: r.streams.reduce((n, s) => n + s.errors, 0),
          seekErrors: r.seeks.reduce((n, s) => n + s.errors, 0),
          wrongAnswers: wrong[side],
        },
      ];
    }),
  );
  const f = (n, d = 1) => n.toFixed(d);
  const x = (list) => list.map((n) => `${f(n, 2)}x`).join(', ');
  console.log(
    `\n${options['file-mib']} MiB lesson; ${STREAMS} streams, ${SEEK_CLIENTS} seeking clients of ${options['seek-kib']} KiB, ${SECONDS} s each, ${ROUNDS} interleaved rounds`,
  );
  console.log(
    'Each side against nginx in the same round: the median of the rounds, then each round. CPU: seconds per GiB streamed, of the serving process and of this client.\n',
  );
  const names = {
    app: {
      none: 'the app',
      proxy: 'the app behind nginx',
      'x-accel': 'the app behind nginx, X-Accel-Redirect',
    }[FRONT],
    nginx: 'nginx (sendfile)',
    twin: "nginx's twin",
    node: 'a bare Node file server',
  };
  console.log(
    `| | ${STREAMS} streams, MiB/s | streams | seeks per second | seek p50 | seek p99 | CPU: server, client | errors | wrong bytes, of ${STREAMS + SEEK_CLIENTS * 10} |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const side of sides) {
    const s = summary[side];
    const ratio = (name) =>
      side === 'nginx' ? '1' : `**${f(s.medianRatios[name], 2)}x** (${x(s.ratios[name])})`;
    console.log(
      `| ${names[side]} | ${f(s.streamsMiBps, 0)} | ${ratio('streams')} | ${side === 'nginx' ? f(s.seeksPerSecond, 0) : ratio('seeksPerSecond')} | ${side === 'nginx' ? `${f(s.seekP50, 2)} ms` : ratio('seekP50')} | ${side === 'nginx' ? `${f(s.seekP99, 2)} ms` : ratio('seekP99')} | ${f(s.serverCpuPerGib, 2)}, ${f(s.clientCpuPerGib, 2)} | ${s.streamErrors + s.seekErrors} | ${s.wrongAnswers} |`,
    );
  }
  console.log(
    `\nThe app's server after the load: ${mib(memory.rss)} resident, ${mib(memory.hwm)} at its peak.`,
  );
  if (options.json) console.log(JSON.stringify({ summary, results, memory }, null, 2));
} finally {
  nginx?.kill('SIGQUIT');
  twin?.kill('SIGQUIT');
  bare?.kill('SIGTERM');
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(nginxDir, { recursive: true, force: true });
  rmSync(twinDir, { recursive: true, force: true });
}
