#!/usr/bin/env node
// The benchmarks' reference: a bare Node http server answering fixed bytes from memory, in a process of
// its own like the app's, so the load generator's work does not handicap one side only.
// Usage: node bench/lib/bare-server.mjs <port> <answers.json>   where answers.json maps each URL path to
// a file holding the body, or to { file, headers } to send those headers too (the app's own, so that the
// reference writes the same header bytes). Prints "listening" once it accepts connections; stops on SIGTERM.
// With a third argument `--ignore-query` a URL is looked up without its query (`/a?n=1` answers as `/a`):
// the reference of requests made unique by a query the app ignores (bench/instructions.mjs --first-visits).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, answersFile, option] = process.argv.slice(2);
const ignoreQuery = option === '--ignore-query';
const answers = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(answersFile, 'utf8'))).map(([url, answer]) => {
    const { file, headers = {} } = typeof answer === 'string' ? { file: answer } : answer;
    const body = readFileSync(file);
    return [
      url,
      {
        body,
        headers: {
          ...headers,
          'content-type': 'application/json; charset=utf-8',
          'content-length': body.length,
        },
      },
    ];
  }),
);
const missing = { 'content-type': 'application/json; charset=utf-8', 'content-length': 0 };
const server = http.createServer((req, res) => {
  const url = req.url ?? '';
  const answer = answers[ignoreQuery ? url.split('?', 1)[0] : url];
  res.writeHead(answer ? 200 : 404, answer?.headers ?? missing);
  res.end(answer?.body);
});
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
