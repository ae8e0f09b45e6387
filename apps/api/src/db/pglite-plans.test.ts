import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nameStatement, PglitePlans } from './pglite-plans';

describe('PglitePlans', () => {
  let client: PGlite;
  let plans: PglitePlans;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`create table notes (id int primary key, body text, done boolean, at timestamptz);
      insert into notes values (1, 'plain', false, '2026-01-01T00:00:00Z');
      set plan_cache_mode = force_generic_plan;`);
    plans = new PglitePlans(client);
  });
  afterAll(() => client.close());

  const prepared = async () =>
    (
      await client.query<{ name: string; generic_plans: number; custom_plans: number }>(
        'select name, generic_plans, custom_plans from pg_prepared_statements order by name',
      )
    ).rows;

  test('a named statement is prepared once, planned once, and answers what the query would', async () => {
    const text = 'select id, body, done, at from notes where id = $1 and ($2::text is null or body = $2)';
    nameStatement(text);
    const asQuery = await client.query(text, [1, null]);
    const [first, second] = await Promise.all([plans.query(text, [1, null]), plans.query(text, [1, null])]);
    expect(first?.rows).toEqual(asQuery.rows);
    expect(second?.rows).toEqual(asQuery.rows);
    expect(first?.fields).toEqual(asQuery.fields);
    expect((await plans.query(text, [2, null])).rows).toEqual([]);
    const [statement, ...others] = await prepared();
    expect(others).toEqual([]);
    expect(statement).toMatchObject({ custom_plans: 0 });
    expect(statement?.generic_plans).toBeGreaterThanOrEqual(3);
  });

  test('every value is a value: quotes, backslashes, other scripts, booleans, dates and null', async () => {
    const insert =
      'insert into notes (id, body, done, at) values ($1, $2, $3, $4) returning id, body, done, at';
    nameStatement(insert);
    const bodies = [
      "it's",
      "'); drop table notes; --",
      'C:\\path\\',
      "\\'",
      'مرحبا — ñ — 你好 — 🎓',
      '',
      '$1',
    ];
    for (const [index, body] of bodies.entries()) {
      const at = new Date(Date.UTC(2026, 0, index + 1, 12, 30));
      const { rows } = await plans.query(insert, [10 + index, body, index % 2 === 0, at]);
      expect(rows).toEqual([{ id: 10 + index, body, done: index % 2 === 0, at }]);
    }
    expect((await plans.query(insert, [30, null, null, null])).rows).toEqual([
      { id: 30, body: null, done: null, at: null },
    ]);
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from notes');
    expect(rows[0]?.n).toBe(bodies.length + 2);
  });

  test('a value with no literal, a statement not named, or one PREPARE refuses, runs as a query', async () => {
    const text = 'select body from notes where body = $1';
    nameStatement(text);
    // A NUL: PostgreSQL refuses it as a parameter, with its own message.
    await expect(plans.query(text, ['a\0b'])).rejects.toThrow(/0x00|invalid byte sequence/);
    const unnamed = 'select count(*)::int as n from notes where id > $1';
    expect((await plans.query(unnamed, [0])).rows[0]).toEqual({ n: 9 });
    // SHOW is not a statement PREPARE takes.
    const refused = 'show timezone';
    nameStatement(refused);
    expect((await plans.query(refused)).rows).toHaveLength(1);
    expect((await plans.query(refused)).rows).toHaveLength(1);
    expect(await prepared()).toHaveLength(2);
  });
});
