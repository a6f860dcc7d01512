import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Warn } from '../warn.js';
import type { DialectName } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { type Checkpointer, startCheckpointer, WAL_BACKSTOP_PAGES } from './sqlite-checkpointer.js';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';
import { withKeptStatements } from './sqlite-statements.js';

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
 * How much of the file SQLite reads through a memory map instead of read() calls: a page
 * its cache lacks is then a memory access. The cache lacks many: it is 2 MB against a file
 * of hundreds, and another process's commit (PROCESSES) empties it. Address space, not
 * memory: the pages are the kernel's file cache, shared by every process.
 */
export const MMAP_BYTES = 1 << 30;

/** A command's warnings, without the server's log: on standard error. */
const warnOnStderr: Warn = (error, message) =>
  process.emitWarning(`${message}: ${error instanceof Error ? error.message : String(error)}`);

/**
 * Opens the database the configuration names (SQLite under DATA_DIR unless DATABASE_URL is a
 * postgres URL) and migrates it to the latest schema. `warn` hears what fails beside the
 * requests (SQLite's checkpointer): the server passes its log.
 */
export async function openDatabase(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_SCHEMA'> &
    Partial<Pick<Config, 'DATABASE_POOL_SIZE'>>,
  warn: Warn = warnOnStderr,
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
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  // The WAL is copied into the file on a thread of its own (sqlite-checkpointer.ts); a commit
  // does it only if that falls far behind.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  const statements = withKeptStatements(sqlite);
  let checkpointer: Checkpointer | undefined;
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect(
      {
        database: {
          ...statements,
          close: () => {
            // The file is whole when closed: the checkpointer has closed its connection by
            // now (below), so this one copies the whole WAL in. Should that fail, the WAL is
            // still there for the next open: the connection closes.
            try {
              sqlite.pragma('wal_checkpoint(TRUNCATE)');
            } finally {
              statements.close();
            }
          },
        },
      },
      // Stopped first and waited for: stopped beside the closing checkpoint, its own PASSIVE
      // one could hold the checkpoint lock then, the closing one gave up (busy), and a copy of
      // the file taken as the database closed missed the last writes (a CI run's failure of
      // sqlite-connection.int.test.ts, "leaves the file whole").
      async () => {
        await checkpointer?.stop();
      },
    ),
  });
  await migrateToLatest(db);
  checkpointer = startCheckpointer(file, warn);
  return { db, dialect: 'sqlite', sqliteFile: file };
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
