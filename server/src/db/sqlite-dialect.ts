import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Kysely's SQLite dialect, but every transaction takes the write lock as it begins
 * (`begin immediate`). With one connection it changes nothing; with the server on several
 * processes (PROCESSES, docs/deploy.md) it is what keeps a transaction from failing: one
 * begun deferred reads first, and when another process has written since, its first write
 * is refused at once with SQLITE_BUSY (its snapshot is stale; the busy timeout cannot help).
 * Begun immediate, it waits its turn, up to the busy timeout, before reading anything.
 */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #beforeClose: (() => Promise<void>) | undefined;

  /**
   * `beforeClose`: awaited as the database is destroyed, before its connection is closed
   * (Kysely's own driver calls `close` and does not wait for anything it starts).
   */
  constructor(config: SqliteDialectConfig, beforeClose?: () => Promise<void>) {
    super(config);
    this.#config = config;
    this.#beforeClose = beforeClose;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#beforeClose);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #beforeClose: (() => Promise<void>) | undefined;

  constructor(config: SqliteDialectConfig, beforeClose?: () => Promise<void>) {
    super(config);
    this.#beforeClose = beforeClose;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async destroy(): Promise<void> {
    await this.#beforeClose?.();
    await super.destroy();
  }
}
