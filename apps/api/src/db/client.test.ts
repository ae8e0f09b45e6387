import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, test } from 'vitest';
import { openPglite, openPostgres, withStartupOptions } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

test.skipIf(!serverUrl)(
  'a PostgreSQL connection the server closes while idle is replaced, not fatal',
  async () => {
    const heard: Error[] = [];
    const database = openPostgres(serverUrl ?? '', 2, (error) => heard.push(error));
    try {
      const { rows } = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      const pid = rows[0]?.pid;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      // The pool opens a new connection for the next query.
      const again = (await database.db.execute(sql`select 1 as one`)) as unknown as {
        rows: Array<{ one: number }>;
      };
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  },
);

test.skipIf(!serverUrl)(
  'pooled connections plan named statements once, and keep the settings DATABASE_URL gives',
  async () => {
    const url = new URL(serverUrl ?? '');
    url.searchParams.set('options', '-c application_name=from-url');
    const database = openPostgres(url.toString(), 2);
    try {
      const { rows } = (await database.db.execute(
        sql`select current_setting('plan_cache_mode') as plans, current_setting('application_name') as name`,
      )) as unknown as { rows: Array<{ plans: string; name: string }> };
      expect(rows[0]).toEqual({ plans: 'force_generic_plan', name: 'from-url' });
    } finally {
      await database.close();
    }
  },
);

test('server options are added to those of a connection string, which come last and so win', () => {
  const startup = '-c plan_cache_mode=force_generic_plan';
  expect(withStartupOptions('postgres://u@h:5432/db', startup)).toEqual({
    connectionString: 'postgres://u@h:5432/db',
    options: startup,
  });
  expect(
    withStartupOptions('postgres://u@h:5432/db?sslmode=disable&options=-c%20plan_cache_mode%3Dauto', startup),
  ).toEqual({
    connectionString: 'postgres://u@h:5432/db?sslmode=disable',
    options: `${startup} -c plan_cache_mode=auto`,
  });
  // Not a URL (a libpq keyword string): handed over as it is.
  expect(withStartupOptions('host=/tmp dbname=x', startup)).toEqual({
    connectionString: 'host=/tmp dbname=x',
    options: startup,
  });
});

test.skipIf(Boolean(serverUrl))(
  'a new embedded database is made in a child process and runs with the small-memory settings',
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'skillwise-pglite-'));
    try {
      for (const round of ['created', 'reopened']) {
        const database = await openPglite(dataDir, undefined, { cacheMb: 24 });
        try {
          expect(existsSync(path.join(dataDir, 'PG_VERSION')), round).toBe(true);
          const { rows } = (await database.db.execute(
            sql`select current_setting('shared_buffers') as cache, current_setting('TimeZone') as zone,
              current_setting('max_connections') as connections`,
          )) as unknown as { rows: Array<{ cache: string; zone: string; connections: string }> };
          expect(rows[0], round).toEqual({ cache: '24MB', zone: 'UTC', connections: '8' });
          if (round === 'reopened') {
            // Housekeeping in place of autovacuum: the tables that changed enough are vacuumed and
            // analyzed, the others left alone.
            await database.migrate();
            await database.db.execute(sql`create table busy (n int)`);
            await database.db.execute(sql`create table quiet (n int)`);
            await database.db.execute(sql`insert into busy select generate_series(1, 500)`);
            await database.maintain?.();
            const stats = (await database.db.execute(
              sql`select relname as name, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
                from pg_stat_user_tables where relname in ('busy', 'quiet') order by relname`,
            )) as unknown as { rows: Array<{ name: string; vacuumed: boolean; analyzed: boolean }> };
            expect(stats.rows).toEqual([
              { name: 'busy', vacuumed: true, analyzed: true },
              { name: 'quiet', vacuumed: false, analyzed: false },
            ]);
          }
        } finally {
          await database.close();
        }
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  // initdb in WebAssembly takes seconds, more on a busy machine.
  600_000,
);
