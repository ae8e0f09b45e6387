import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';

/** The row of `table` that `where` names by a key (at most one matches), or undefined. */
export async function findOne<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<InferSelectModel<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return row as InferSelectModel<T> | undefined;
}
