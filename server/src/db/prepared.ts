import { type Compilable, CompiledQuery } from 'kysely';
import { fastReaderOf } from './fast-reads.js';
import type { Db } from './index.js';

/**
 * A query built once and run many times: Kysely builds and compiles a query on every call,
 * which costs several times what SQLite takes to run an indexed lookup. For the calls every
 * student's browser makes every few seconds, the SQL is compiled once with stand-in values,
 * and each run only swaps the stand-ins for the real arguments. These are reads only: on
 * SQLite they run at once on the read-only connection, on PostgreSQL as named prepared
 * statements (db/fast-reads.ts).
 */
export function prepared<A extends (string | number)[], R>(
  db: Db,
  build: (...args: A) => Compilable<R>,
  standIns: A,
) {
  const compiled = build(...standIns).compile();
  if (!/^\s*select\b/i.test(compiled.sql)) throw new Error('prepared() runs reads only');
  const slots = compiled.parameters.map((value) => standIns.indexOf(value as A[number]));
  const parametersFor = (args: A) =>
    compiled.parameters.map((value, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? args[slot] : value;
    });
  const fast = fastReaderOf(db);
  // Returned, not awaited: SQLite's rows are there at once, and an await would cost a tick.
  if (fast)
    return async (...args: A): Promise<R[]> =>
      fast(compiled.sql, parametersFor(args)) as R[] | Promise<R[]>;
  return async (...args: A): Promise<R[]> => {
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parametersFor(args)));
    return result.rows;
  };
}

const made = new WeakMap<Db, Map<string, unknown>>();

/** One prepared query per database and name, made on first use. */
export function preparedOnce<T>(db: Db, name: string, make: () => T): T {
  let byName = made.get(db);
  if (!byName) {
    byName = new Map();
    made.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, make());
  return byName.get(name) as T;
}
