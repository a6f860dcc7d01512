import type { Db } from './index.js';

/**
 * Reads for the calls every student's browser makes every few seconds, outside Kysely's
 * driver. On SQLite, Kysely runs each query through an async driver, a connection mutex and
 * several promises, which cost more than the indexed lookup itself; a second, read-only
 * connection answers at once instead. On PostgreSQL, Kysely sends every query unnamed, so
 * the server parses and plans it each time; these go as named prepared statements, planned
 * once per connection. Registered per database by openDatabase.
 */
export type FastReader = (
  sql: string,
  parameters: readonly unknown[],
) => unknown[] | Promise<unknown[]>;

const readers = new WeakMap<Db, FastReader>();

export function registerFastReader(db: Db, reader: FastReader): void {
  readers.set(db, reader);
}

/** The fast reader of a database, if it has one (one opened by openDatabase). */
export function fastReaderOf(db: Db): FastReader | undefined {
  return readers.get(db);
}
