import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './index.js';
import { WAL_BACKSTOP_PAGES } from './sqlite-checkpointer.js';

/**
 * The WAL is copied into the database file by the checkpointer's thread, not by a commit: a
 * commit never waits for a checkpoint's fsyncs (docs/decisions.md, "A topic told once a
 * second; the WAL copied on a thread of its own"). SQLite's file whatever TEST_DB says: the
 * checkpointer is SQLite's.
 */
describe("SQLite's checkpointer", () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.db.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies what commits wrote to the WAL into the file, beside the requests', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-checkpoint-'));
    handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: '', DATABASE_SCHEMA: '' });
    const { db, sqliteFile } = handle;
    const file = sqliteFile as string;
    // The commit checkpoints only as a backstop, far past SQLite's 1,000 pages.
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(
      db,
    );
    expect(rows[0]?.wal_autocheckpoint).toBe(WAL_BACKSTOP_PAGES);

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
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-checkpoint-'));
    handle = await openDatabase({ DATA_DIR: dir, DATABASE_URL: '', DATABASE_SCHEMA: '' });
    const file = handle.sqliteFile as string;
    await sql`create table filler (body text not null)`.execute(handle.db);
    // The checkpointer's thread is up, with its connection open, once it has copied this in.
    const sizeBefore = fs.statSync(file).size;
    await sql`insert into filler (body) values (randomblob(40000))`.execute(handle.db);
    await expect
      .poll(() => fs.statSync(file).size, { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(sizeBefore);
    await sql`delete from filler`.execute(handle.db);
    await sql`insert into filler (body) values ('the last write before closing')`.execute(
      handle.db,
    );
    await handle.db.destroy();
    handle = undefined;
    // The file alone, as a copy taken at once would have it: no WAL beside it.
    const copy = path.join(dir, 'copy.db');
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
