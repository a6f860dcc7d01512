import type { Db } from './index.js';

/**
 * Synchronous reads for the calls every student's browser makes every few seconds. On SQLite,
 * Kysely runs each query through an async driver, a connection mutex and several promises,
 * which cost more than the indexed lookup itself; a second, read-only connection answers at
 * once instead. Registered per database by openDatabase (SQLite only); PostgreSQL goes
 * through Kysely as usual.
 */
export type FastReader = (sql: string, parameters: readonly unknown[]) => unknown[];

const readers = new WeakMap<Db, FastReader>();

export function registerFastReader(db: Db, reader: FastReader): void {
  readers.set(db, reader);
}

/** The fast reader of a database, if it has one (SQLite opened by openDatabase). */
export function fastReaderOf(db: Db): FastReader | undefined {
  return readers.get(db);
}
