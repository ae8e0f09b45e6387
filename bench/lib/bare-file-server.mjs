#!/usr/bin/env node
// A bare Node file server, the floor of what Node itself costs to send a file: one file, whole or one
// byte range, read with fs.createReadStream (512 KiB at a time, as the app reads) and piped to the answer.
// No routing, no checks, no headers beyond the length and range. In a process of its own, as the app.
// Usage: node bench/lib/bare-file-server.mjs <port> <file>   Prints "listening"; stops on SIGTERM.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const size = statSync(file).size;
const server = http.createServer((req, res) => {
  const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  const end = match ? Math.min(Number(match[2]), size - 1) : size - 1;
  res.writeHead(match ? 206 : 200, {
    'content-type': 'video/mp4',
    'content-length': end - start + 1,
    ...(match ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  createReadStream(file, { start, end, highWaterMark: 512 * 1024 }).pipe(res);
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
