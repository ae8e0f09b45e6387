import type { PGlite } from '@electric-sql/pglite';

/**
 * The SQL of every named statement (db/prepared.ts), with a name of its own. A PostgreSQL server keeps a
 * named statement's plan per connection; PGlite's `query` parses and plans every statement again, which
 * costs it several times what running a lookup does (docs/decisions/055). The embedded database prepares
 * these statements itself, in SQL, once each.
 */
const namedStatements = new Map<string, string>();

/** Marks `text` as a named statement's SQL: the embedded database plans it once. */
export function nameStatement(text: string) {
  if (!namedStatements.has(text)) namedStatements.set(text, `named_${namedStatements.size + 1}`);
}

type QueryArgs = Parameters<PGlite['query']>;

/**
 * A value written as an SQL literal, as PGlite would have sent it as a parameter; undefined for one it
 * would send another way (bytes, arrays), or a text with a NUL, which only a parameter can refuse as
 * PostgreSQL does. Every literal is quoted: the prepared statement's parameter types turn it into its value.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 't' : 'f';
  else if (value instanceof Date) text = value.toISOString();
  else return undefined;
  if (text.includes('\0')) return undefined;
  // standard_conforming_strings is on: a quote doubled is the only escape a literal has.
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Runs the named statements on `client` as prepared statements, with one generic plan each (as
 * `plan_cache_mode=force_generic_plan` does for a server's pooled connections); every other statement,
 * and a named one with a value that has no literal, goes to `client.query` as before.
 */
export class PglitePlans {
  /** The statements prepared on this client: the promise settles once PREPARE has. */
  readonly #prepared = new Map<string, Promise<boolean>>();

  constructor(readonly client: PGlite) {}

  async query(...[text, params, options]: QueryArgs) {
    const name = namedStatements.get(text);
    const literals = name ? (params ?? []).map(literal) : undefined;
    if (!name || !literals || literals.includes(undefined) || !(await this.#prepare(name, text))) {
      return this.client.query(text, params, options);
    }
    const values = literals.length > 0 ? `(${literals.join(', ')})` : '';
    return this.client.query(`execute ${name}${values}`, [], options);
  }

  #prepare(name: string, text: string): Promise<boolean> {
    let done = this.#prepared.get(name);
    if (!done) {
      done = this.client.exec(`prepare ${name} as ${text}`).then(
        () => true,
        // A statement PREPARE cannot take runs as before: the query says what is wrong with it.
        () => false,
      );
      this.#prepared.set(name, done);
    }
    return done;
  }
}
