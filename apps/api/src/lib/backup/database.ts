import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type Db, rowsOf } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../paths';
import { BATCH_ROWS } from './format';

// The database side of backups: its tables in load order, their rows as JSON text, the migrations it
// has run or should run, and emptying it. The same SQL on PGlite and on a PostgreSQL server.

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Journal = { entries: { idx: number; when: number; tag: string }[] };

export async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
}

export async function migrationsRun(db: Db): Promise<number> {
  const [found] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!found?.present) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return row?.n ?? 0;
}

/** The public tables, parents before children (by their foreign keys). */
export async function tablesInLoadOrder(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`),
  ).map((row) => row.name);
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`select cl.relname as child, pl.relname as parent from pg_constraint k
      join pg_class cl on cl.oid = k.conrelid
      join pg_class pl on pl.oid = k.confrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** How many rows a table holds. */
export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(sql.raw(`select count(*)::text as n from ${ident(table)}`)),
  );
  return Number(row?.n ?? 0);
}

/** The public sequences and where each stands. */
export async function sequenceValues(db: Db): Promise<{ name: string; value: string; isCalled: boolean }[]> {
  const sequences: { name: string; value: string; isCalled: boolean }[] = [];
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`),
  );
  for (const { name } of names) {
    const [row] = rowsOf<{ value: string; is_called: boolean }>(
      await db.execute(sql.raw(`select last_value::text as value, is_called from ${ident(name)}`)),
    );
    if (row) sequences.push({ name, value: row.value, isCalled: row.is_called });
  }
  return sequences;
}

/**
 * Settings that fix how rows print as JSON, so a row's text (and checksum) is the same on any server:
 * timestamps in UTC, intervals and floats in one spelling.
 */
export async function fixRowText(tx: Db) {
  await tx.execute(sql`set local timezone = 'UTC'`);
  await tx.execute(sql`set local intervalstyle = 'iso_8601'`);
  await tx.execute(sql`set local extra_float_digits = 1`);
}

/** A table's rows as JSON text, a batch at a time, through a cursor of the current transaction. */
export async function* tableRows(tx: Db, table: string): AsyncGenerator<string[]> {
  const cursor = ident(`backup_${table}`);
  await tx.execute(
    sql.raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${ident(table)} t`),
  );
  for (;;) {
    const rows = rowsOf<{ j: string }>(
      await tx.execute(sql.raw(`fetch forward ${BATCH_ROWS} from ${cursor}`)),
    );
    if (rows.length === 0) break;
    yield rows.map((row) => row.j);
  }
  await tx.execute(sql.raw(`close ${cursor}`));
}

/** A table's columns that take a value (generated columns compute their own). */
export async function insertableColumns(tx: Db, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`select attname as name from pg_attribute
      where attrelid = ${`public.${ident(table)}`}::regclass and attnum > 0
        and not attisdropped and attgenerated = '' order by attnum`),
  ).map((row) => row.name);
}

/** Whether the database holds anything of ours (tables in public, or migrations run). */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S', 'v', 'm', 'p')`),
  );
  return (row?.n ?? 0) === 0;
}

/** Removes everything of ours from the database (restore --force): the public and drizzle schemas. */
export async function wipeDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
}

/**
 * Runs the first `count` migrations only: a backup's rows are loaded into the schema they were taken
 * from, and the later migrations then bring them up to date as they would have on the live database.
 */
export async function migrateTo(database: Database, count?: number): Promise<void> {
  let folder = MIGRATIONS_FOLDER;
  let temporary: string | undefined;
  if (count !== undefined) {
    const journal = await readJournal();
    temporary = await mkdtemp(path.join(tmpdir(), 'skillwise-migrations-'));
    await mkdir(path.join(temporary, 'meta'));
    const entries = journal.entries.slice(0, count);
    await writeFile(path.join(temporary, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      await copyFile(
        path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
        path.join(temporary, `${entry.tag}.sql`),
      );
    }
    folder = temporary;
  }
  try {
    // Both migrators take the Drizzle database of their own driver; Database.db is that one.
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migrateNodePg(database.db as never, { migrationsFolder: folder });
  } finally {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}
