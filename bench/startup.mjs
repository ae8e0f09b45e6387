#!/usr/bin/env node
// Start-up to serving, and resident memory after start, of the production server (`npm run serve`,
// compiled: run `npm run build` first). Each round starts the server, times it until /api/health
// answers, reads VmRSS and VmHWM from /proc, and stops it.
//
//   node bench/startup.mjs                        a fresh embedded database: the first start (creates,
//                                                 migrates, loads the demo), then --rounds more starts
//   node bench/startup.mjs --data-dir DIR         an existing DATA_DIR (the scale data set), --rounds starts
//   node bench/startup.mjs --database-url URL     PostgreSQL
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOptions } from './lib/cli.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = readOptions(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\nimport')[0], {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  rounds: { type: 'string', default: '3' },
  port: { type: 'string', default: '3470' },
});

/** The command `npm run serve` runs (node, its flags, the compiled server), without npm in between. */
function serveCommand() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...rest] = scripts.serve.split(/\s+/);
  return { command: command === 'node' ? process.execPath : command, args: rest };
}

const memory = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
};

async function startOnce(env) {
  const { command, args: serveArgs } = serveCommand();
  const port = Number(args.port);
  const started = performance.now();
  const child = spawn(command, serveArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let seconds;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        seconds = (performance.now() - started) / 1000;
        break;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  // Let start-up work that follows listening (a first checkpoint, timers) settle before reading.
  await new Promise((r) => setTimeout(r, 2000));
  const mem = memory(child.pid);
  child.kill('SIGTERM');
  await exited;
  return { seconds, ...mem };
}

const rows = [];
const rounds = Number(args.rounds);
if (args['database-url']) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-startup-'));
  for (let i = 1; i <= rounds; i++) {
    rows.push({
      what: `PostgreSQL, start ${i}`,
      ...(await startOnce({ DATA_DIR: dataDir, DATABASE_URL: args['database-url'], SEED_DEMO: 'false' })),
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
} else if (args['data-dir']) {
  for (let i = 1; i <= rounds; i++) {
    rows.push({
      what: `embedded, ${args['data-dir']}, start ${i}`,
      ...(await startOnce({ DATA_DIR: args['data-dir'], SEED_DEMO: 'false' })),
    });
  }
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-startup-'));
  rows.push({
    what: 'embedded, first start (create, migrate, demo)',
    ...(await startOnce({ DATA_DIR: dataDir })),
  });
  for (let i = 1; i <= rounds; i++) {
    rows.push({ what: `embedded, start ${i + 1}`, ...(await startOnce({ DATA_DIR: dataDir })) });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| start | to serving | RSS after start | peak (VmHWM) |\n|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.what} | ${r.seconds.toFixed(2)} s | ${r.rssMb} MiB | ${r.hwmMb} MiB |`);
