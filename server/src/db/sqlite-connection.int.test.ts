import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, MMAP_BYTES, openDatabase } from './index.js';
import { WAL_BACKSTOP_PAGES } from './sqlite-checkpointer.js';

/**
 * The server's SQLite connection, whatever TEST_DB says: what it is opened with, and the
 * checkpointer beside it.
 */
let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.db.destroy();
  handle = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh SQLite database in a folder of its own, closed and removed after the test. */
async function open(): Promise<DatabaseHandle> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sqlite-'));
  handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: '', DATABASE_SCHEMA: '' });
  return handle;
}

/**
 * Each setting is a decision (docs/decisions.md) that a refactor of openDatabase could drop
 * without any other test noticing.
 */
describe("the connection's settings", () => {
  it('writes ahead, waits for another writer, keeps foreign keys, reads through a memory map, and leaves checkpoints to its thread', async () => {
    const { db } = await open();
    const pragma = async (name: string) => {
      const { rows } = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(db);
      // The one column's name is not always the pragma's (busy_timeout answers `timeout`).
      return Object.values(rows[0] ?? {})[0];
    };
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    // A transaction begun immediate waits this long for another process's write.
    expect(await pragma('busy_timeout')).toBe(5000);
    // "SQLite reads the file through a memory map": 0 would mean every page the small cache
    // lacks is a read() call again, and another process's commit empties that cache.
    expect(await pragma('mmap_size')).toBe(MMAP_BYTES);
    // A commit checkpoints only as a backstop, far past SQLite's 1,000 pages.
    expect(await pragma('wal_autocheckpoint')).toBe(WAL_BACKSTOP_PAGES);
  });
});

/**
 * The WAL is copied into the database file by the checkpointer's thread, not by a commit: a
 * commit never waits for a checkpoint's fsyncs (docs/decisions.md, "A topic told once a
 * second; the WAL copied on a thread of its own").
 */
describe("SQLite's checkpointer", () => {
  it('copies what commits wrote to the WAL into the file, beside the requests', async () => {
    const { db, sqliteFile } = await open();
    const file = sqliteFile as string;
    // 1,200 pages written, more than a commit would once have checkpointed itself.
    await sql`create table filler (body text not null)`.execute(db);
    const sizeBefore = fs.statSync(file).size;
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 1200)
      insert into filler (body) select randomblob(3000) from n`.execute(db);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1200 * 4096);
    // The checkpointer's thread copies them into the file within a second or so.
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(sizeBefore + 1000 * 4096);
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from filler`.execute(
      db,
    );
    expect(Number(counted[0]?.n)).toBe(1200);
  });

  it('leaves the file whole when the database closes, whichever connection closes last', async () => {
    const { db, sqliteFile } = await open();
    const file = sqliteFile as string;
    await sql`create table filler (body text not null)`.execute(db);
    // The checkpointer's thread is up, with its connection open, once it has copied this in.
    const sizeBefore = fs.statSync(file).size;
    await sql`insert into filler (body) values (randomblob(40000))`.execute(db);
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(sizeBefore);
    await sql`delete from filler`.execute(db);
    await sql`insert into filler (body) values ('the last write before closing')`.execute(db);
    await db.destroy();
    handle = undefined;
    // The file alone, as a copy taken at once would have it: no WAL beside it.
    const copy = path.join(path.dirname(file), 'copy.db');
    fs.copyFileSync(file, copy);
    const alone = new SQLite(copy, { readonly: true });
    try {
      expect(alone.prepare('select body from filler').pluck().all()).toEqual([
        'the last write before closing',
      ]);
    } finally {
      alone.close();
    }
  });
});
