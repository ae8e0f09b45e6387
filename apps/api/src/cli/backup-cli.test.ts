import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPgliteDataDir } from '../../test/helpers';
import { openPglite, openPostgres } from '../db/client';
import { organisations } from '../db/schema';

// The backup and restore commands as an operator runs them, on an embedded DATA_DIR: a running server
// is refused, a restore needs a fresh folder unless --force.

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
/** The TypeScript loader, by its own path: the commands run in a folder of their own. */
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

async function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  try {
    const { stderr } = await run(
      process.execPath,
      ['--import', tsx, path.join(here, `${name}.ts`), ...args],
      {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      },
    );
    return { code: 0, stderr };
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, stderr };
  }
}

/**
 * The first two commands work on the embedded database alone, which both runs of the suite would test
 * alike: they run on the embedded run only; the PostgreSQL run keeps the restore into the server.
 */
const embeddedRun = !process.env.TEST_DATABASE_URL;

let dir: string;
const dataDir = () => path.join(dir, 'data');
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skillwise-backup-cli-'));
  const database = await openPgliteDataDir(path.join(dataDir(), 'db'));
  try {
    await database.db
      .insert(organisations)
      .values({ name: 'Backup School', url: 'https://backup.example.com', primaryEmail: 'b@example.com' });
  } finally {
    await database.close();
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test.runIf(embeddedRun)('backup refuses a DATA_DIR a running server holds, and names it', async () => {
  // This test's own process stands in for the server: a live pid in the lock file.
  await writeFile(path.join(dataDir(), 'skillwise.lock'), String(process.pid));
  try {
    const refused = await cli('backup', ['--out', path.join(dir, 'b.tar.gz')], { DATA_DIR: dataDir() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`is in use by a running Skillwise server (pid ${process.pid})`);
  } finally {
    await rm(path.join(dataDir(), 'skillwise.lock'), { force: true });
  }
});

// Each restore creates an embedded database in a child process: seconds each on a busy machine.
test.runIf(embeddedRun)(
  'backup, then restore into a fresh DATA_DIR; a second restore needs --force',
  async () => {
    const archive = path.join(dir, 'b.tar.gz');
    const backup = await cli('backup', ['--out', archive], { DATA_DIR: dataDir() });
    expect(backup.stderr).toMatch(/Backup written to .*b\.tar\.gz: \d+ tables/);
    expect(backup.code).toBe(0);

    const target = path.join(dir, 'restored');
    const first = await cli('restore', ['--in', archive, '--data-dir', target]);
    expect(first.stderr).toMatch(/Restored \d+ tables/);
    expect(first.code).toBe(0);
    const again = await cli('restore', ['--in', archive, '--data-dir', target]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds a database or files');
    const forced = await cli('restore', ['--in', archive, '--data-dir', target, '--force']);
    expect(forced.code).toBe(0);

    const restored = await openPglite(path.join(target, 'db'));
    try {
      const rows = await restored.db.select().from(organisations);
      expect(rows.map((row) => row.name)).toContain('Backup School');
    } finally {
      await restored.close();
    }
  },
);

// The way from one server to several: the embedded database's backup restores into PostgreSQL.
test.skipIf(embeddedRun)(
  'a backup of the embedded database restores into an empty PostgreSQL database',
  async () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? '';
    const archive = path.join(dir, 'to-postgres.tar.gz');
    expect((await cli('backup', ['--out', archive], { DATA_DIR: dataDir() })).code).toBe(0);
    const name = `skillwise_restore_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      const restored = await cli('restore', [
        '--in',
        archive,
        '--database-url',
        url.toString(),
        '--data-dir',
        path.join(dir, 'postgres-files'),
      ]);
      expect(restored.stderr).toMatch(/Restored \d+ tables/);
      expect(restored.code).toBe(0);
      const database = openPostgres(url.toString(), 1, () => undefined);
      try {
        const names = (await database.db.select().from(organisations)).map((row) => row.name);
        expect(names).toContain('Backup School');
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
  240_000,
);
