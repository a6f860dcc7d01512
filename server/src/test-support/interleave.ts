import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * Places another request exactly between two statements of the code under test, so a race
 * that two taps at once hit now and then is hit every time. The database is handed to the code
 * as it is, except that its `nth` read from `from` (written as the code writes it: 'quiz_answers
 * as a'), inside a transaction or not, answers only after `meanwhile` has run. Transactions the
 * code opens on it are seen through the same lens. `meanwhile` is given the transaction (or
 * database) the paused read ran on.
 */
export function pausedAfterRead(
  db: Db,
  read: { from: string; nth?: number },
  meanwhile: (during: Db) => Promise<void>,
): Db {
  let seen = 0;
  const executes = new Set(['execute', 'executeTakeFirst', 'executeTakeFirstOrThrow']);
  const paused = <T extends object>(builder: T, during: Db): T =>
    new Proxy(builder, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        if (executes.has(String(key)))
          return async (...args: unknown[]) => {
            const rows: unknown = await value.apply(target, args);
            seen += 1;
            if (seen === (read.nth ?? 1)) await meanwhile(during);
            return rows;
          };
        // where, orderBy, limit, forUpdate…: the next builder, watched the same way.
        return (...args: unknown[]) => paused(value.apply(target, args) as object, during);
      },
    });
  const watched = (base: Db): Db =>
    new Proxy(base, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        if (key === 'selectFrom')
          return (from: string) => {
            const builder = value.call(target, from) as object;
            return from === read.from ? paused(builder, target) : builder;
          };
        if (key === 'transaction')
          return () => {
            const builder = value.call(target) as {
              execute: (run: (trx: Db) => unknown) => unknown;
            };
            return {
              execute: (run: (trx: Db) => unknown) => builder.execute((trx) => run(watched(trx))),
            };
          };
        return value.bind(target);
      },
    });
  return watched(db);
}

/**
 * Resolves once `work` has finished or, on PostgreSQL, once it waits for a lock `holder` (a
 * transaction of the code under test) holds: the other request held back, as it should be.
 * Says which. Polls the server's own account of who blocks whom: no fixed sleep decides it.
 */
export async function finishedOrBlockedBy(
  db: Db,
  work: Promise<unknown>,
  holder: Db,
): Promise<'finished' | 'blocked'> {
  let done = false;
  const finish = () => {
    done = true;
  };
  void work.then(finish, finish);
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(holder);
  const pid = rows[0]?.pid;
  for (;;) {
    if (done) return 'finished';
    const blocked = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where ${pid} = any(pg_blocking_pids(pid))`.execute(db);
    if ((blocked.rows[0]?.n ?? 0) > 0) return 'blocked';
    await new Promise((resolve) => setImmediate(resolve));
  }
}
