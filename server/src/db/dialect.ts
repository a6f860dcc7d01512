import { type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which engine a Kysely instance talks to; migrations use it to pick column types. */
// biome-ignore lint/suspicious/noExplicitAny: works on any schema.
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A write a unique index refused, in either engine's words: two writers made the same row at
 * once, and the caller turns it into the refusal its users read (a 409), never a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/**
 * The query with its rows held until the transaction ends, on PostgreSQL (`lock` adds the FOR
 * clause: `(q) => q.forUpdate()`, `forNoKeyUpdate`, `forShare`); on SQLite the query as it is:
 * its transactions begin immediate and take turns already, and it has no FOR clauses. The one
 * way a writer holds what it read (docs/decisions.md, "Two requests at once: who waits for
 * whom").
 */
// biome-ignore lint/suspicious/noExplicitAny: works on any schema.
export function heldOnPostgres<Q>(db: Kysely<any>, query: Q, lock: (query: Q) => Q): Q {
  return dialectOf(db) === 'postgres' ? lock(query) : query;
}
