#!/usr/bin/env node
// Uploads one large lesson (1 GiB by default) to the app, and the same bytes to a bare Node server that
// streams each request body to disk (bench/lib/bare-upload-server.mjs, a process of its own) and to a
// twin of that bare server (the noise floor), in interleaved rounds. The app takes the lesson both ways:
// one multipart request to lessons/createLessons, and tus (/api/uploads/tus) in PATCH requests of 8 MiB
// as the web app sends it. Every round uploads again to the same server, so every upload after the first
// is one to a server that has uploaded before. For each way it reports the wall time and the CPU seconds
// of the receiving process, each round's ratio to the bare server of the same round, their medians, and
// the app server's memory: its resident set before, and its peak (VmHWM) after. The file is generated
// while it is sent, so no side holds it in memory.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, createSection } from './lib/authoring.mjs';
import { readOptions } from './lib/cli.mjs';
import { generatedMp4 } from './lib/generated-file.mjs';
import { cpuSeconds, memoryOf, startServer, threadSeconds } from './lib/server.mjs';

const USAGE = `Usage: node bench/upload-lesson.mjs [options]   (npm run build first)
  --size-mib <n>       the lesson file's size (default 1024: 1 GiB)
  --rounds <n>         interleaved rounds (default 3)
  --ways <list>        which of multipart,tus the app is sent (default both)
  --chunk-mib <n>      bytes per tus PATCH, as the web app's 8 MiB (default 8)
  --database-url <u>   run the app on this PostgreSQL database instead of the embedded one
  --port <n>           port of the started app
  --url <u> --server-pid <pid>
                       upload to an app already running (with the demo publisher) instead of starting one`;

const options = readOptions(USAGE, {
  'size-mib': { type: 'string', default: '1024' },
  rounds: { type: 'string', default: '3' },
  ways: { type: 'string', default: 'multipart,tus' },
  'chunk-mib': { type: 'string', default: '8' },
  'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL },
  port: { type: 'string', default: String(3900 + Math.floor(Math.random() * 90)) },
  url: { type: 'string' },
  'server-pid': { type: 'string' },
});

const MiB = 1024 * 1024;
const sizeMiB = Number(options['size-mib']);
const size = sizeMiB * MiB;
const chunkBytes = Number(options['chunk-mib']) * MiB;
const rounds = Number(options.rounds);
const ways = options.ways.split(',');
const port = Number(options.url ? new URL(options.url).port : options.port);
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-'));
const origin = options.url ? new URL(options.url).origin : `http://127.0.0.1:${port}`;
const base = `${origin}/api`;

/** The file, made up as it is sent. */
const slice = generatedMp4();

/**
 * One request whose body is `head`, the file's bytes [start, end) and `tail`, written with back-pressure;
 * answers the status, the headers and the body's text.
 */
function send(url, method, headers, start, end, head = Buffer.alloc(0), tail = Buffer.alloc(0)) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: { ...headers, 'content-length': head.length + (end - start) + tail.length },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    const pieces = slice(start, end);
    const write = () => {
      while (pieces.length > 0) {
        if (!req.write(pieces.shift())) return req.once('drain', write);
      }
      req.end(tail);
    };
    if (head.length > 0) req.write(head);
    write();
  });
}

const expect201 = (answer, what) => {
  if (answer.status !== 201) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer;
};

/** The whole file as one multipart request: to the app's createLessons, or to a bare server. */
async function multipart(url, token, sectionId) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fields = {
    'Object.lesson_Id': '0',
    'Object.lesson_title': `Big lesson ${sizeMiB} MiB`,
    'Object.contentType': 'video',
    'Object.section_Id': String(sectionId),
  };
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="fileName"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const answer = expect201(
    await send(
      url,
      'POST',
      { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      0,
      size,
      head,
      tail,
    ),
    url,
  );
  return JSON.parse(answer.text);
}

/** The file through tus: a creation, then PATCH requests of `chunkBytes`; the last one answers the lesson. */
async function tus(token, sectionId) {
  const tusHeaders = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
  const metadata = {
    lesson_Id: '0',
    lesson_title: `Big lesson ${sizeMiB} MiB (tus)`,
    contentType: 'video',
    section_Id: String(sectionId),
    filename: 'big.mp4',
    filetype: 'video/mp4',
  };
  const created = await send(
    `${base}/uploads/tus`,
    'POST',
    {
      ...tusHeaders,
      'upload-length': String(size),
      'upload-metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
    0,
    0,
  );
  const location = expect201(created, 'tus creation').headers.location;
  let offset = 0;
  let lesson;
  while (offset < size) {
    const end = Math.min(size, offset + chunkBytes);
    const answer = await send(
      `${origin}${location}`,
      'PATCH',
      {
        ...tusHeaders,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      offset,
      end,
    );
    if (answer.status !== 204 && answer.status !== 200)
      throw new Error(`PATCH ${answer.status} ${answer.text}`);
    offset = Number(answer.headers['upload-offset']);
    if (answer.status === 200) lesson = JSON.parse(answer.text);
  }
  return lesson;
}

function startBare(barePort) {
  const dir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-bare-'));
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'lib', 'bare-upload-server.mjs'), String(barePort), dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${barePort}/`,
    ready: once(child.stdout, 'data'),
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `upload` against the process `pid`: its wall seconds and the process's CPU seconds meanwhile. The
 * disk's dirty pages are written out first (sync), so that no upload pays for the writing back of the one
 * before it: every upload starts from the same state of the disk.
 */
async function timed(pid, upload) {
  spawnSync('sync');
  const cpuBefore = cpuSeconds(pid);
  const started = process.hrtime.bigint();
  const result = await upload();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, cpu: cpuSeconds(pid) - cpuBefore, result };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const server = options.url
  ? { pid: Number(options['server-pid']), stop: async () => undefined }
  : await startServer({
      port,
      dataDir,
      databaseUrl: options['database-url'],
      // The demo publisher uploads.
      env: {
        SEED_DEMO: 'true',
        MAX_LESSON_BYTES: String(Math.max(size, 2 * 1024 ** 3)),
      },
    });
const bare = startBare(port + 100);
const twin = startBare(port + 101);
try {
  await Promise.all([bare.ready, twin.ready]);
  const { token } = await apiCall(base, 'POST', 'users/Login', {
    username: 'publisher@example.com',
    password: 'publisher123',
  });
  const sectionId = await createSection(base, token);
  const rssBefore = memoryOf(server.pid).rss;
  const threadsBefore = threadSeconds(server.pid);
  const runs = { bare: [], twin: [], ...Object.fromEntries(ways.map((way) => [way, []])) };
  const uploads = {
    bare: () => timed(bare.pid, () => multipart(bare.url, token, sectionId)),
    twin: () => timed(twin.pid, () => multipart(twin.url, token, sectionId)),
    multipart: () => timed(server.pid, () => multipart(`${base}/lessons/createLessons`, token, sectionId)),
    tus: () => timed(server.pid, () => tus(token, sectionId)),
  };
  for (let round = 0; round < rounds; round++) {
    // Each round in a different order, so that no side always follows the same one.
    const order = ['bare', ...ways, 'twin'];
    for (let turn = 0; turn < round; turn++) order.push(order.shift());
    for (const side of order) {
      const run = await uploads[side]();
      if (side in { multipart: 1, tus: 1 } && run.result?.file_size !== size)
        throw new Error(`${side}: stored ${run.result?.file_size} bytes, sent ${size}`);
      runs[side].push(run);
    }
  }
  const peak = memoryOf(server.pid).hwm;
  const report = {
    fileMiB: sizeMiB,
    rounds,
    node: process.version,
    database: options['database-url'] ? 'postgres' : 'embedded',
  };
  for (const [side, list] of Object.entries(runs)) {
    const ratios = list.map((run, i) => runs.bare[i].seconds / run.seconds);
    report[side] = {
      seconds: list.map((run) => +run.seconds.toFixed(2)),
      cpuSeconds: list.map((run) => +run.cpu.toFixed(2)),
      medianMiBps: +(sizeMiB / median(list.map((run) => run.seconds))).toFixed(0),
      ...(side === 'bare'
        ? {}
        : { vsBare: ratios.map((r) => +r.toFixed(2)), medianVsBare: +median(ratios).toFixed(2) }),
    };
  }
  // Where the app's CPU went over all its uploads, by thread.
  const threadsAfter = threadSeconds(server.pid);
  report.appCpuSecondsByThread = Object.fromEntries(
    Object.entries(threadsAfter)
      .map(([name, seconds]) => [name, +(seconds - (threadsBefore[name] ?? 0)).toFixed(2)])
      .filter(([, seconds]) => seconds >= 0.05)
      .sort((a, b) => b[1] - a[1]),
  );
  report.serverRssBeforeMiB = +(rssBefore / MiB).toFixed(0);
  report.serverPeakMiB = +(peak / MiB).toFixed(0);
  console.log(JSON.stringify(report, null, 2));
} finally {
  bare.stop();
  twin.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
