#!/usr/bin/env node
// Uploads one large lesson (1 GiB by default) to a fresh server and the same bytes to a bare Node server
// that streams them to disk (bench/lib/bare-upload-server.mjs, its own process), in turns, and reports
// both throughputs, their ratio and the app server's memory: its resident set before, and its peak
// (VmHWM) after. The file is generated while it is sent, so neither side holds it in memory.
// Usage: node bench/upload-lesson.mjs [sizeInMiB] [rounds]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, createSection } from './lib/authoring.mjs';
import { startServer } from './lib/server.mjs';

const sizeMiB = Number(process.argv[2] ?? 1024);
const size = sizeMiB * 1024 * 1024;
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-'));
const base = `http://127.0.0.1:${port}/api`;

const server = await startServer({
  port,
  dataDir,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  // The demo publisher uploads.
  env: { SEED_DEMO: 'true' },
});

const memory = (field) => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
};
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const json = (method, url, body, token) => apiCall(base, method, url, body, token);

/**
 * Sends a multipart upload whose file part is generated chunk by chunk, honouring back-pressure, to the
 * app's createLessons or to the bare reference (the same bytes).
 */
function streamUpload(url, token, sectionId) {
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
  const mp4Header = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]);
  const chunk = randomBytes(1024 * 1024);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        res.statusCode === 201 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`)),
      );
    });
    let sent = 0;
    const write = () => {
      while (sent < size) {
        let piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        if (sent === 0) piece = Buffer.concat([mp4Header, piece.subarray(mp4Header.length)]);
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', write);
      }
      req.end(tail);
    };
    req.write(head);
    write();
  });
}

try {
  const { token } = await json('POST', 'users/Login', {
    username: 'publisher@example.com',
    password: 'publisher123',
  });
  const sectionId = await createSection(base, token);

  // The app and the bare reference in turns, the same bytes each time.
  const ROUNDS = Number(process.argv[3] ?? 2);
  const bareDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-bare-'));
  const barePort = port + 100;
  const bare = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'lib', 'bare-upload-server.mjs'), String(barePort), bareDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await once(bare.stdout, 'data');
  const rssBefore = memory('VmRSS');
  const timings = { app: [], bare: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      let started = process.hrtime.bigint();
      const lesson = await streamUpload(`${base}/lessons/createLessons`, token, sectionId);
      timings.app.push(Number(process.hrtime.bigint() - started) / 1e9);
      if (lesson.file_size !== size) throw new Error(`stored ${lesson.file_size} bytes, sent ${size}`);
      started = process.hrtime.bigint();
      await streamUpload(`http://127.0.0.1:${barePort}/`, token, sectionId);
      timings.bare.push(Number(process.hrtime.bigint() - started) / 1e9);
    }
  } finally {
    bare.kill('SIGTERM');
    rmSync(bareDir, { recursive: true, force: true });
  }
  const peak = memory('VmHWM');
  const best = (list) => Math.min(...list);
  const appSeconds = best(timings.app);
  const bareSeconds = best(timings.bare);
  console.log(
    JSON.stringify(
      {
        fileMiB: sizeMiB,
        rounds: ROUNDS,
        appSeconds: timings.app.map((t) => +t.toFixed(2)),
        bareSeconds: timings.bare.map((t) => +t.toFixed(2)),
        appMiBps: +(sizeMiB / appSeconds).toFixed(1),
        bareMiBps: +(sizeMiB / bareSeconds).toFixed(1),
        ratio: +(bareSeconds / appSeconds).toFixed(2),
        serverRssBefore: mib(rssBefore),
        serverPeakRss: mib(peak),
        node: process.version,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
