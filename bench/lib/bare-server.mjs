#!/usr/bin/env node
// The benchmarks' reference: a bare Node http server answering fixed bytes from memory, in a process of
// its own like the app's, so the load generator's work does not handicap one side only.
// Usage: node bench/lib/bare-server.mjs <port> <answers.json>   where answers.json maps each URL path to
// a file holding the body. Prints "listening" once it accepts connections; stops on SIGTERM.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, answersFile] = process.argv.slice(2);
const bodies = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(answersFile, 'utf8'))).map(([url, file]) => [
    url,
    readFileSync(file),
  ]),
);
const server = http.createServer((req, res) => {
  const body = bodies[req.url ?? ''];
  res.writeHead(body ? 200 : 404, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body?.length ?? 0,
  });
  res.end(body);
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
