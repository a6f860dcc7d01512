import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Statements kept: the app's queries are a few hundred texts; a list of ids (`in (?, ?, …)`)
 * makes one per length, which the oldest-first eviction keeps from growing without end.
 */
const KEPT = 1000;

/**
 * The database as Kysely's SQLite driver sees it, but each SQL text is prepared once and its
 * statement used again: the driver prepares every query anew, and preparing (SQLite parsing
 * and planning the text) was a tenth of the server's CPU under the students' everyday calls
 * (a CPU profile beside bench:day's calls; docs/decisions.md). SQLite prepares a kept
 * statement again by itself when the schema changes (a migration), so none goes stale.
 */
export function withKeptStatements(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      const statement = kept.get(sql);
      // A statement being iterated (a streamed query) is busy: another use gets its own.
      if (statement && !statement.busy) {
        // Used again: it moves to the newest end, so the oldest-first eviction spares it.
        kept.delete(sql);
        kept.set(sql, statement);
        return statement;
      }
      const prepared = sqlite.prepare(sql);
      if (!statement) {
        kept.set(sql, prepared);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      }
      return prepared;
    },
  };
}
