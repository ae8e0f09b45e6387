#!/usr/bin/env node
// The upload benchmark's reference: a bare Node http server that streams each request body to a file
// (written as .partial, then renamed, as the app does, and kept, as the app keeps its lessons, so that both
// sides leave the disk alike) and answers 201 with the byte count, in a process of its own like the app's. Usage: node bench/lib/bare-upload-server.mjs <port> <dir>. Prints "listening"
// once it accepts connections; stops on SIGTERM.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const [port, dir] = process.argv.slice(2);
const server = http.createServer(async (req, res) => {
  const target = path.join(dir, randomUUID());
  const sink = createWriteStream(`${target}.partial`);
  try {
    await pipeline(req, sink);
    await rename(`${target}.partial`, target);
    res
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ bytes: sink.bytesWritten }));
  } catch {
    await rm(`${target}.partial`, { force: true });
    res.writeHead(500).end();
  }
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
