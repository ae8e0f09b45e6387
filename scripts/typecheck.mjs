#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, two at a time (one per core of a
// small machine; in a row they took twice as long). Each project's findings are printed together, and
// the command fails if any project has one.
import { spawn } from 'node:child_process';
import os from 'node:os';

// The largest first, so the small ones fill the other core meanwhile.
const projects = ['apps/api', 'apps/web', 'bench', 'e2e', 'packages/contracts'];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (output.trim()) process.stdout.write(`\n${project}:\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let failed = false;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
