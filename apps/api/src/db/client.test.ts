import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, test } from 'vitest';
import { openPostgres } from './client';

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
