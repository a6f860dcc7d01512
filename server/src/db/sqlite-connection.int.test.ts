import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, MMAP_BYTES, openDatabase } from './index.js';

/**
 * What the server's SQLite connection is opened with, whatever TEST_DB says: each setting is
 * a decision (docs/decisions.md) that a refactor of openDatabase could drop without any other
 * test noticing.
 */
describe("the server's SQLite connection", () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.db.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const pragma = async (name: string) => {
    const { rows } = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(
      (handle as DatabaseHandle).db,
    );
    // The one column's name is not always the pragma's (busy_timeout answers `timeout`).
    return Object.values(rows[0] ?? {})[0];
  };

  it('writes ahead, waits for another writer, keeps foreign keys, and reads through a memory map', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-connection-'));
    handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: '', DATABASE_SCHEMA: '' });
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    // A transaction begun immediate waits this long for another process's write.
    expect(await pragma('busy_timeout')).toBe(5000);
    // "SQLite reads the file through a memory map": 0 would mean every page the small cache
    // lacks is a read() call again, and another process's commit empties that cache.
    expect(await pragma('mmap_size')).toBe(MMAP_BYTES);
  });
});
