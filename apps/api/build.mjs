#!/usr/bin/env node
// Compiles the API for production: one ESM bundle per entry point in dist/, run by plain Node (no
// TypeScript at run time, decision 005). The workspace's own packages (the contracts, shipped as
// TypeScript) are bundled in; everything from node_modules stays an import, so PGlite still finds its
// WebAssembly files beside its own modules.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');

const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@skillwise/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    preflight: 'src/cli/preflight.ts',
    'plan-prices': 'src/cli/plan-prices.ts',
    testimonials: 'src/cli/testimonials.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  // Stack traces name the TypeScript sources.
  sourcesContent: false,
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
});
console.log(
  `API compiled into ${path.relative(process.cwd(), outdir) || outdir} in ${Date.now() - started} ms`,
);
