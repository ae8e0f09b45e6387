import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../lib/paths';
import {
  ClientGoneError,
  currentQueryContext,
  StatementTimeoutError,
  throwIfClientGone,
} from '../lib/request-context';
import { PglitePlans } from './pglite-plans';
import { seedPlanFeatures } from './plan-features';
import { KeptSessions, keepSessions, SESSION_CHANGES_CHANNEL } from './queries/sessions';
import * as schema from './schema';

export { MIGRATIONS_FOLDER };

export type Schema = typeof schema;
/** One type for both drivers; a transaction is also a Db, so repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations, then writes the spec's plan cards into an empty plan_features (decision 038). */
  migrate(): Promise<void>;
  /**
   * The embedded database's housekeeping: PGlite runs no autovacuum, so without this its statistics
   * go stale and index-only scans keep reading table pages. Vacuums or analyzes the tables that changed
   * enough, one at a time, so other queries wait at most one table's turn; stops after the table in
   * hand once `signal` is aborted (the server is closing). Absent on a PostgreSQL server, which does its own.
   */
  maintain?(signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
};

/** PGlite's memory settings (decision 005): what the embedded server keeps resident. */
export type PgliteTuning = {
  /** Postgres's own page cache (shared_buffers), in MiB. */
  cacheMb: number;
};

export const DEFAULT_PGLITE_TUNING: PgliteTuning = { cacheMb: 16 };

/** How long one statement may run (DB_STATEMENT_TIMEOUT_MS); migrations and housekeeping are exempt. */
export type QueryLimits = { statementTimeoutMs: number };

export const DEFAULT_QUERY_LIMITS: QueryLimits = { statementTimeoutMs: 15_000 };

/**
 * Postgres settings for the embedded database. PGlite's defaults are a server's (128 MB of
 * shared_buffers, 64 MB for maintenance): in WebAssembly every page the heap ever touched stays
 * resident, because its memory never shrinks. Reads past the cache go to the operating system's file
 * cache, which is shared and given back under pressure.
 */
const pgliteSettings = ({ cacheMb }: PgliteTuning) => [
  // PGlite writes these lines as the whole postgresql.conf: keep what initdb put there.
  "timezone='UTC'",
  "log_timezone='UTC'",
  "datestyle='iso, mdy'",
  "lc_messages='C'",
  "lc_monetary='C'",
  "lc_numeric='C'",
  "lc_time='C'",
  "default_text_search_config='pg_catalog.english'",
  // One connection in one process: no room for a hundred others' locks and slots.
  'max_connections=8',
  `shared_buffers=${cacheMb}MB`,
  'wal_buffers=512kB',
  'temp_buffers=4MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
  `effective_cache_size=${Math.max(64, cacheMb * 4)}MB`,
];

/**
 * Creates an embedded database in `dataDir` if there is none yet, in a child process: initdb grows
 * the WebAssembly heap to about 700 MB, which a process never gives back, so the server would keep it.
 */
async function initPgliteDataDir(dataDir: string, settings: string[]): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const moduleUrl = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(moduleUrl)});
const db = await PGlite.create({ dataDir: process.argv[1], postgresqlconf: JSON.parse(process.argv[2]) });
await db.close();`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, dataDir, JSON.stringify(settings)],
    { stdio: ['ignore', 'inherit', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    throw new Error(`creating the embedded database failed (exit ${code}): ${stderr.trim() || 'no output'}`);
  }
}

/**
 * The embedded PGlite in `dataDir` (or in memory when undefined). One connection, one process.
 * `template` is a `dumpDataDir()` image to start from (tests use a migrated one to skip initdb).
 */
export async function openPglite(
  dataDir?: string,
  template?: Blob,
  tuning: PgliteTuning = DEFAULT_PGLITE_TUNING,
  limits: QueryLimits = DEFAULT_QUERY_LIMITS,
): Promise<Database> {
  const settings = pgliteSettings(tuning);
  if (dataDir && !template) await initPgliteDataDir(dataDir, settings);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    postgresqlconf: settings,
  });
  const timeout = limits.statementTimeoutMs;
  // PGlite 0.5 accepts statement_timeout but cannot act on it: a statement runs to its end on this
  // thread, with no timer to interrupt it. It is set all the same, and reads are bounded below.
  await client.exec(`set statement_timeout = ${timeout}`);
  // The named statements get one generic plan each, as on a server's pooled connections (GENERIC_PLANS),
  // prepared with their values as literals, where a quote doubled is the only escape (db/pglite-plans.ts).
  await client.exec('set plan_cache_mode = force_generic_plan; set standard_conforming_strings = on');
  const plans = new PglitePlans(client);
  // Every change to what the session reader answers is announced (migration 0043), and the sessions it
  // reads are kept until one is (docs/decisions/055).
  await client.exec(`set skillwise.session_notices = 'on'`);
  const kept = new KeptSessions();
  await client.listen(SESSION_CHANGES_CHANNEL, (payload) => kept.forget(payload));
  /**
   * For a read (lib/request-context.ts): no query starts for a client that has left, and a statement that
   * ran past the timeout fails as it would on PostgreSQL, only late, so the request's next query does
   * not start. Transactions (changes) run as they are.
   */
  const guarded = {
    async query(...args: Parameters<PGlite['query']>) {
      const context = currentQueryContext();
      if (!context) return plans.query(...args);
      throwIfClientGone(context);
      const started = performance.now();
      const result = await plans.query(...args);
      if (performance.now() - started > timeout) throw new StatementTimeoutError(timeout);
      return result;
    },
    transaction: client.transaction.bind(client),
  };
  const db = drizzlePglite({ client: guarded as unknown as PGlite, schema });
  keepSessions(db as unknown as Db, kept);
  /** Runs `work` without the statement timeout: migrations and vacuums take what they take. */
  const untimed = async (work: () => Promise<unknown>) => {
    await client.exec('set statement_timeout = 0');
    try {
      await work();
    } finally {
      await client.exec(`set statement_timeout = ${timeout}`);
    }
  };
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () =>
      untimed(async () => {
        await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
        await seedPlanFeatures(db as unknown as Db);
      }),
    maintain: (signal) => untimed(() => maintain(signal)),
    close: () => client.close(),
  };

  async function maintain(signal: AbortSignal | undefined) {
    // Autovacuum's own rule: a table is vacuumed once a fifth of it (and 50 rows) has changed since its
    // last vacuum, analyzed once a tenth has; its size comes from pg_class, which survives restarts
    // (the change counters start again at every start).
    // Counters reach the statistics views when the backend next reports: make that now.
    await client.query('select pg_stat_force_next_flush()');
    await client.query('select 1');
    const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(
      `select quote_ident(s.relname) as name,
           (s.n_dead_tup + s.n_ins_since_vacuum) > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum,
           s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
         where s.schemaname = 'public' order by s.relname`,
    );
    for (const { name, vacuum, analyze } of rows) {
      if (signal?.aborted) return;
      if (vacuum) await client.exec(`vacuum (analyze) ${name}`);
      else if (analyze) await client.exec(`analyze ${name}`);
    }
  }
}

/**
 * The named statements (db/prepared.ts) each look things up by id or by key: one plan serves every value.
 * Without this the server plans again at every execution of those whose generic plan it estimates dearer
 * (`= any(...)` of an id list), and that planning cost more than the lookups themselves
 * (docs/decisions/052). Queries that are not named statements are planned with their values as before.
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/**
 * The connection string with `startup` added to the server options it may carry (`?options=...`): its
 * own options are kept, after ours, so that a setting given in DATABASE_URL wins.
 */
export function withStartupOptions(
  url: string,
  startup: string,
): { connectionString: string; options: string } {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const own = parsed?.searchParams.get('options');
  if (!parsed || !own) return { connectionString: url, options: startup };
  // node-postgres reads `options` from the URL over the one it is given: it is taken out and joined.
  parsed.searchParams.delete('options');
  return { connectionString: parsed.toString(), options: `${startup} ${own}` };
}

/** How long an idle pooled connection is kept (pg's default is ten seconds). */
const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * A PostgreSQL server through node-postgres. Migrations take an advisory lock so instances take turns.
 * `onIdleError` hears of pooled connections the server closed while idle (a restart, a failover, an idle
 * timeout): the pool drops them and opens new ones, so they must not bring the process down.
 */
export function openPostgres(
  url: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) =>
    console.warn(`A PostgreSQL connection was closed by the server (${error.message}); it will be replaced.`),
  limits: QueryLimits = DEFAULT_QUERY_LIMITS,
): Database {
  // Every pooled connection starts with the statement timeout: the server cancels a statement past it.
  const pool = new pg.Pool({
    ...withStartupOptions(url, GENERIC_PLANS),
    max,
    // A connection is kept for five idle minutes, not pg's ten seconds: a new one costs the server a
    // process and the request waiting for it a few milliseconds, then each named statement is prepared
    // again on it, so a server asked a few times a second was paying that on many of its requests.
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    statement_timeout: limits.statementTimeoutMs,
  });
  pool.on('error', onIdleError);
  guardReads(pool, url);
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        // Waiting for another instance's migrations, and the migrations themselves, take what they take.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock(727274)');
        const locked = drizzleNodePg({ client, schema });
        await migrateNodePg(locked, { migrationsFolder: MIGRATIONS_FOLDER });
        await seedPlanFeatures(locked as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        await client.query('reset statement_timeout').catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * A read whose client leaves stops on the server too: each of its queries runs on a connection it holds,
 * and the client's leaving cancels the running statement (pg_cancel_backend, from a connection of its
 * own, so a full pool does not delay it). The connection goes back to the pool only once the
 * cancellation has been delivered, so it can never stop another request's statement. Other queries
 * (changes, transactions, work outside a request) go through the pool as usual.
 */
function guardReads(pool: pg.Pool, url: string) {
  const poolQuery = pool.query.bind(pool);
  const cancelBackend = async (pid: number) => {
    const canceller = new pg.Client({ connectionString: url });
    canceller.on('error', () => undefined);
    try {
      await canceller.connect();
      await canceller.query('select pg_cancel_backend($1)', [pid]);
    } finally {
      await canceller.end().catch(() => undefined);
    }
  };
  const readQuery = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const context = currentQueryContext();
    if (!context) return poolQuery(config, values);
    throwIfClientGone(context);
    const connection = await pool.connect();
    let cancelling: Promise<void> | undefined;
    const cancel = () => {
      const pid = (connection as pg.PoolClient & { processID?: number }).processID;
      if (pid) cancelling = cancelBackend(pid).catch(() => undefined);
    };
    try {
      throwIfClientGone(context);
      context.signal.addEventListener('abort', cancel, { once: true });
      return await connection.query(config, values);
    } catch (error) {
      if (context.signal.aborted) throw new ClientGoneError();
      throw error;
    } finally {
      context.signal.removeEventListener('abort', cancel);
      await cancelling;
      connection.release();
    }
  };
  // Drizzle calls `query(config, values)` and takes the promise; any other form is the pool's own.
  pool.query = ((config: string | pg.QueryConfig, values?: unknown, callback?: unknown) =>
    callback === undefined && typeof values !== 'function'
      ? readQuery(config, values as unknown[] | undefined)
      : (poolQuery as (...args: unknown[]) => unknown)(config, values, callback)) as typeof pool.query;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw `db.execute` result: both drivers answer `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
