import type { Db } from './client';
import { nameStatement } from './pglite-plans';

/**
 * A query built and prepared once per database handle, then executed with new values: the hot paths
 * (the session behind every signed-in request, the media access check) skip building their SQL on every
 * call. On PostgreSQL `prepare(name)` makes a named server-side statement, parsed and planned once per
 * connection; on PGlite it keeps the built query. A transaction is a handle of its own, so it prepares
 * its own copy.
 */
export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  const byHandle = new WeakMap<Db, T>();
  return (db) => {
    let query = byHandle.get(db);
    if (query === undefined) {
      query = build(db);
      // Drizzle's PGlite statement keeps its SQL but not its name: the embedded database is told.
      const { queryString } = query as { queryString?: unknown };
      if (typeof queryString === 'string') nameStatement(queryString);
      byHandle.set(db, query);
    }
    return query;
  };
}
