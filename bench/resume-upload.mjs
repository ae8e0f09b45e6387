#!/usr/bin/env node
// A resumable (tus) lesson upload of 2 GiB, cut off at 90% and resumed: starts a fresh server (or uses
// one), sends the file in PATCH requests of --chunk-mib, destroys the connection once 90% of the file
// has left, asks HEAD for the offset the server kept, sends the rest from there, and checks that the
// lesson's stored file is the file sent. Reports the bytes sent twice (those after the offset kept), the
// times, and the server's memory. The file is generated while it is sent, never held in memory.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiCall, createSection } from './lib/authoring.mjs';
import { readOptions } from './lib/cli.mjs';
import { generatedMp4 } from './lib/generated-file.mjs';
import { memoryOf, startServer } from './lib/server.mjs';

const USAGE = `Usage: node bench/resume-upload.mjs [options]   (npm run build first)
  --size-mib <n>       the lesson file's size (default 2048: 2 GiB)
  --chunk-mib <n>      bytes per PATCH request, as the web app's 8 MiB (default 8)
  --cut-at <0..1>      where the connection is cut, as a share of the file (default 0.9)
  --database-url <u>   run the server on this PostgreSQL database instead of the embedded one
  --port <n>           port of the started server`;

const options = readOptions(USAGE, {
  'size-mib': { type: 'string', default: '2048' },
  'chunk-mib': { type: 'string', default: '8' },
  'cut-at': { type: 'string', default: '0.9' },
  'database-url': { type: 'string' },
  port: { type: 'string', default: String(3900 + Math.floor(Math.random() * 90)) },
});

const MiB = 1024 * 1024;
const size = Number(options['size-mib']) * MiB;
const chunkBytes = Number(options['chunk-mib']) * MiB;
const cutAt = Math.floor(size * Number(options['cut-at']));
const port = Number(options.port);
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-'));
const origin = `http://127.0.0.1:${port}`;
const api = `${origin}/api`;

/** The file, made up as it is sent. */
const slice = generatedMp4();

const tusHeaders = (token, extra) => ({
  'tus-resumable': '1.0.0',
  authorization: `Bearer ${token}`,
  ...extra,
});

/**
 * One PATCH of [start, end), written with back-pressure; with `cutAfter`, the socket is destroyed once
 * that many bytes have been handed to it. Answers the server's answer, or `{ cut: true, sent }`.
 */
function patch(url, token, start, end, cutAfter) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PATCH',
      headers: tusHeaders(token, {
        'upload-offset': String(start),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - start),
      }),
    });
    let sent = 0;
    let cut = false;
    req.on('error', (error) => (cut ? resolve({ cut: true, sent }) : reject(error)));
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode, offset: Number(res.headers['upload-offset']), text }),
      );
    });
    const pieces = slice(start, end);
    const write = () => {
      while (pieces.length > 0) {
        let piece = pieces.shift();
        if (cutAfter !== undefined && sent + piece.length >= cutAfter) {
          piece = piece.subarray(0, cutAfter - sent);
          sent += piece.length;
          req.write(piece, () => {
            cut = true;
            req.destroy();
          });
          return;
        }
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

/** Sends [from, size) in chunks, cutting the connection at `cut` if it lies ahead. */
async function send(location, token, from, cut) {
  let offset = from;
  let sentBytes = 0;
  let lesson;
  while (offset < size) {
    const end = Math.min(size, offset + chunkBytes);
    const cutAfter = cut !== undefined && cut >= offset && cut < end ? cut - offset : undefined;
    const answer = await patch(`${origin}${location}`, token, offset, end, cutAfter);
    if (answer.cut) return { cut: true, sentBytes: sentBytes + answer.sent };
    if (answer.status !== 204 && answer.status !== 200)
      throw new Error(`PATCH ${answer.status} ${answer.text}`);
    sentBytes += end - offset;
    offset = answer.offset;
    if (answer.status === 200) lesson = JSON.parse(answer.text);
  }
  return { cut: false, sentBytes, lesson };
}

const server = await startServer({
  port,
  dataDir,
  databaseUrl: options['database-url'],
  env: { SEED_DEMO: 'true', MAX_LESSON_BYTES: String(Math.max(size, 2 * 1024 ** 3)) },
});
try {
  const { token } = await apiCall(api, 'POST', 'users/Login', {
    username: 'publisher@example.com',
    password: 'publisher123',
  });
  const sectionId = await createSection(api, token, 'Resume');
  const metadata = {
    lesson_Id: '0',
    lesson_title: `Resumed ${options['size-mib']} MiB`,
    contentType: 'video',
    section_Id: String(sectionId),
    filename: 'big.mp4',
    filetype: 'video/mp4',
  };
  const rssBefore = memoryOf(server.pid).rss;
  const started = process.hrtime.bigint();
  const created = await fetch(`${api}/uploads/tus`, {
    method: 'POST',
    headers: tusHeaders(token, {
      'upload-length': String(size),
      'upload-metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    }),
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`POST ${created.status} ${await created.text()}`);

  const first = await send(location, token, 0, cutAt);
  if (!first.cut) throw new Error('the upload was not cut');
  const cutSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const head = await fetch(`${origin}${location}`, { method: 'HEAD', headers: tusHeaders(token, {}) });
  const kept = Number(head.headers.get('upload-offset'));
  const resumedAt = process.hrtime.bigint();
  const rest = await send(location, token, kept);
  const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const resumeSeconds = Number(process.hrtime.bigint() - resumedAt) / 1e9;
  if (!rest.lesson || rest.lesson.file_size !== size)
    throw new Error(`lesson: ${JSON.stringify(rest.lesson)}`);

  // The stored file, byte for byte, against the file sent.
  const expected = createHash('sha256');
  for (let at = 0; at < size; at += 64 * MiB)
    for (const piece of slice(at, Math.min(size, at + 64 * MiB))) expected.update(piece);
  const stored = createHash('sha256');
  const download = await fetch(new URL(rest.lesson.content_path, origin));
  for await (const chunk of download.body) stored.update(chunk);
  const identical = stored.digest('hex') === expected.digest('hex');

  const peak = memoryOf(server.pid).hwm;
  console.log(
    JSON.stringify(
      {
        fileMiB: size / MiB,
        chunkMiB: chunkBytes / MiB,
        cutAtMiB: +(cutAt / MiB).toFixed(1),
        keptAtCutMiB: +(kept / MiB).toFixed(1),
        reSentMiB: +((first.sentBytes - kept) / MiB).toFixed(2),
        sentInAllMiB: +((first.sentBytes + rest.sentBytes) / MiB).toFixed(1),
        secondsToCut: +cutSeconds.toFixed(2),
        secondsToFinishAfterResume: +resumeSeconds.toFixed(2),
        secondsInAll: +totalSeconds.toFixed(2),
        identical,
        serverRssBeforeMiB: +(rssBefore / MiB).toFixed(0),
        serverPeakMiB: +(peak / MiB).toFixed(0),
      },
      null,
      2,
    ),
  );
  if (!identical) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
