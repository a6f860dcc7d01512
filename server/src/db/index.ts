import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DialectName } from './dialect.js';
import { registerFastReader } from './fast-reads.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Where the SQLite file lives (undefined on PostgreSQL). */
  sqliteFile?: string;
}

/** pg returns 64-bit integers (our timestamps, counts) as strings; ours fit in a double. */
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a union format.
    return pg.types.getTypeParser(oid, format as any);
  },
};

/**
 * Opens the database the configuration names (SQLite under DATA_DIR unless DATABASE_URL is a
 * postgres URL) and migrates it to the latest schema.
 */
export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_SCHEMA'> &
    Partial<Pick<Config, 'DATABASE_POOL_SIZE'>>,
): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    const schema = config.DATABASE_SCHEMA;
    if (schema) {
      // The schema must exist before a pool that defaults to it can create anything in it.
      const client = new pg.Client({ connectionString: config.DATABASE_URL });
      await client.connect();
      try {
        await client.query(`create schema if not exists "${schema}"`);
      } finally {
        await client.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      // Per instance: the instances' pools together must stay under the server's
      // max_connections (or go through PgBouncer); docs/deploy.md has the arithmetic.
      max: config.DATABASE_POOL_SIZE ?? 10,
      types: pgTypes,
      ...(schema ? { options: `-c search_path="${schema}"` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerFastReader(db, namedStatementReader(pool));
    await migrateToLatest(db, schema);
    return { db, dialect: 'postgres' };
  }

  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const file = path.join(config.DATA_DIR, 'academy.db');
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; NORMAL sync in WAL mode survives a process
  // crash (not a power cut) and is the usual trade for a web app.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A second, read-only connection for the polling reads (db/fast-reads.ts). In WAL mode it
  // sees what is committed, never another request's open transaction.
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, [reader]) }),
  });
  registerFastReader(db, statementReader(reader));
  await migrateToLatest(db);
  return { db, dialect: 'sqlite', sqliteFile: file };
}

/**
 * Runs a read on PostgreSQL as a named prepared statement, one name per SQL text: each pool
 * connection parses and plans it once, not on every poll.
 */
function namedStatementReader(pool: pg.Pool) {
  const names = new Map<string, string>();
  return async (source: string, parameters: readonly unknown[]): Promise<unknown[]> => {
    let name = names.get(source);
    if (!name) {
      name = `academy_read_${names.size + 1}`;
      names.set(source, name);
    }
    const result = await pool.query({ name, text: source, values: [...parameters] });
    return result.rows;
  };
}

/** Runs a read on `connection` at once, with one prepared statement per SQL text. */
function statementReader(connection: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return (source: string, parameters: readonly unknown[]): unknown[] => {
    let statement = statements.get(source);
    if (!statement) {
      statement = connection.prepare(source);
      if (statements.size >= 100) statements.delete(statements.keys().next().value as string);
      statements.set(source, statement);
    }
    return statement.all(...parameters);
  };
}

/**
 * Kysely's SQLite driver prepares every statement anew; preparing cost more than running the
 * polling queries. The same SQL text gets the same prepared statement (better-sqlite3
 * statements are reusable), up to a few hundred distinct texts.
 */
function withStatementCache(
  sqlite: SQLite.Database,
  closeWith: SQLite.Database[],
): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      // Kysely closes the main connection when it is destroyed; its companions go with it.
      if (property === 'close')
        return () => {
          for (const other of closeWith) other.close();
          return target.close();
        };
      if (property !== 'prepare') return Reflect.get(target, property, receiver);
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= 500) cache.delete(cache.keys().next().value as string);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
