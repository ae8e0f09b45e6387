// Run before each app server of the journeys (e2e/playwright.config.ts), with its DATA_DIR: the servers
// start from one embedded database, created and migrated once, instead of each running initdb in
// WebAssembly and every migration (seconds each on a busy machine). The first server's run makes it in
// E2E_DB_TEMPLATE; each server gets a copy of that closed database in its own DATA_DIR, where it seeds its
// own demo data, files and secret as on any first start.
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../../apps/api/src/db/client';

const template = process.env.E2E_DB_TEMPLATE;
const dataDir = process.env.DATA_DIR;
if (!template || !dataDir) throw new Error('E2E_DB_TEMPLATE and DATA_DIR must be set');
// As the server keeps its DATA_DIR: for its own eyes only (the copy keeps these modes).
process.umask(0o077);

if (!existsSync(template)) {
  // Made beside it and renamed when complete: a copy never starts from half a database.
  const making = `${template}.${process.pid}`;
  const database = await openPglite(making);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  try {
    renameSync(making, template);
  } catch (error) {
    // Another server's run made it first.
    if (!existsSync(template)) throw error;
    rmSync(making, { recursive: true, force: true });
  }
}

const db = path.join(dataDir, 'db');
if (!existsSync(db)) cpSync(template, db, { recursive: true });
