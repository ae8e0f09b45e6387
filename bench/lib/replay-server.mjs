#!/usr/bin/env node
// The journey's reference: a bare Node http server that answers each request of a recorded journey with
// the bytes the app answered it with, looked up by method, URL, Authorization and body, and a lesson's
// file by its Range from disk (bench/journey.mjs --against-replay records both). What the app spends
// beyond this is its own work: sessions, permissions, queries, serialising.
// Usage: node bench/lib/replay-server.mjs <port> <recording.json>
//   recording.json: { answers: { "<key>": { status, headers: [[name, value], ...], body, encoding } },
//   media: "<file>" }; the key is replayKey() below. Prints "listening" once it accepts connections;
//   stops on SIGTERM, printing how many requests had no recorded answer.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** How a request is found in a recording: the same on both sides. */
export const replayKey = (method, url, authorization, body) =>
  `${method} ${url} ${authorization ?? ''} ${body ?? ''}`;

const ENCODERS = { gzip: zlib.gzipSync, br: zlib.brotliCompressSync, deflate: zlib.deflateSync };

function serve(port, recordingFile) {
  const recording = JSON.parse(readFileSync(recordingFile, 'utf8'));
  // The bodies encoded once, as the app sent them (gzip when it compressed them), with their length.
  const answers = new Map(
    Object.entries(recording.answers).map(([key, { status, headers, body, encoding }]) => {
      const text = Buffer.from(body);
      const bytes = encoding && ENCODERS[encoding] ? ENCODERS[encoding](text) : text;
      const head = [...headers.flat(), ...(encoding ? ['content-encoding', encoding] : [])];
      return [key, { status, head: [...head, 'content-length', String(bytes.length)], bytes }];
    }),
  );
  const media = recording.media;
  const mediaSize = media ? statSync(media).size : 0;
  let missing = 0;

  /** A Range request of the lesson file, as a file server answers it. */
  function sendRange(req, res) {
    const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = match ? Number(match[1]) : 0;
    const end = match?.[2] ? Math.min(Number(match[2]), mediaSize - 1) : mediaSize - 1;
    if (!match || start > end) {
      res.writeHead(416, ['content-range', `bytes */${mediaSize}`, 'content-length', '0']);
      res.end();
      return;
    }
    res.writeHead(206, [
      'content-type',
      'application/pdf',
      'accept-ranges',
      'bytes',
      'content-range',
      `bytes ${start}-${end}/${mediaSize}`,
      'content-length',
      String(end - start + 1),
    ]);
    createReadStream(media, { start, end }).pipe(res);
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length ? Buffer.concat(chunks).toString() : undefined;
      const answer = answers.get(replayKey(req.method, req.url, req.headers.authorization, body));
      if (answer) {
        res.writeHead(answer.status, answer.head);
        res.end(answer.bytes);
      } else if (media && req.method === 'GET' && req.headers.range) {
        sendRange(req, res);
      } else {
        missing++;
        res.writeHead(404, ['content-length', '0']);
        res.end();
      }
    });
  });
  server.keepAliveTimeout = 72_000; // as the app (apps/api/src/app.ts)
  server.listen(port, '127.0.0.1', () => console.log('listening'));
  process.once('SIGTERM', () => {
    if (missing > 0) console.error(`replay server: ${missing} requests had no recorded answer`);
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, recordingFile] = process.argv.slice(2);
  serve(Number(port), recordingFile);
}
