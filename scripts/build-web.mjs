#!/usr/bin/env node
// Builds the web app (vite build) and precompresses its files (.br and .gz beside each), which the
// server sends to browsers that accept them. A build whose inputs have not changed since the last one
// is kept: `npm start` then starts in seconds. The inputs are compared by content, so a checkout or a
// tool that rewrites a file unchanged (new modification time, same bytes) does not cause a rebuild.
// `--force` rebuilds anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.build-stamp');

/** Every file the build reads: the web app's sources, the contracts it bundles, the locked packages. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'tsconfig.base.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

/** A fingerprint of the inputs by name and content (a few hundred small files: milliseconds). */
function stamp() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(input)) {
      const content = readFileSync(path.join(root, file));
      hash.update(`${file}\0${content.length}\0`);
      hash.update(content);
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}

/** Text files worth compressing; images, video and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

function precompress(dir) {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      count += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || name.endsWith('.map')) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

const current = stamp();
const force = process.argv.includes('--force');
// The build is kept only when it is whole: its page is there and it was made from these very inputs.
const isBuilt = existsSync(stampFile) && existsSync(path.join(dist, 'index.html'));
if (!force && isBuilt && readFileSync(stampFile, 'utf8') === current) {
  console.log('The web app is built and current (apps/web/dist); not rebuilding.');
  process.exit(0);
}

const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
const compressed = precompress(dist);
writeFileSync(stampFile, current);
console.log(`Web app built into apps/web/dist (${compressed} files precompressed as .br and .gz).`);
