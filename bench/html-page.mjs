#!/usr/bin/env node
// Loads the web app's page as browsers and link-preview robots ask for it (`/`, `/courses`, a course's
// page with its own tags) with autocannon, 10 connections, brotli accepted, on the demo content, against
// the compiled server (`npm run build` first). Each address is loaded in rounds; the median req/s and
// p99 of the rounds are printed. `--dist DIR` runs another compiled server (a copy of apps/api/dist made
// from another version) in its place, to compare two versions on the same machine in one sitting.
// Usage: node bench/html-page.mjs [--seconds 5] [--rounds 3] [--port 3400] [--dist DIR]
import { cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readOptions } from './lib/cli.mjs';
import { loadWithAutocannon, median, root, startServer } from './lib/server.mjs';

const values = readOptions(
  'Usage: node bench/html-page.mjs [--seconds 5] [--rounds 3] [--port 3400] [--dist DIR]',
  {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '3400' },
    dist: { type: 'string' },
  },
);

const load = (url) =>
  loadWithAutocannon({
    url,
    connections: 10,
    duration: Number(values.seconds),
    headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' },
  });

const dist = path.join(root, 'apps/api/dist');
const kept = `${dist}.kept`;
if (values.dist) {
  renameSync(dist, kept);
  cpSync(values.dist, dist, { recursive: true });
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-html-'));
try {
  const server = await startServer({ port: Number(values.port), dataDir, env: { SEED_DEMO: 'true' } });
  try {
    const rows = [];
    for (const address of ['/', '/courses', '/courseDetail?id=1']) {
      const turns = [];
      for (let round = 0; round < Number(values.rounds); round += 1)
        turns.push(await load(`${server.url}${address}`));
      rows.push({
        address,
        rps: Math.round(median(turns.map((turn) => turn.rps))),
        p99: median(turns.map((turn) => turn.p99)),
        errors: turns.reduce((sum, turn) => sum + turn.errors, 0),
      });
    }
    console.table(rows);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (values.dist) {
    rmSync(dist, { recursive: true, force: true });
    renameSync(kept, dist);
  }
}
