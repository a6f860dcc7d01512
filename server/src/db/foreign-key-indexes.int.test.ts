import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface ForeignKey {
  table: string;
  column: string;
  references: string;
}

/** Every single-column foreign key, and whether an index of its table starts with that column. */
async function foreignKeys(): Promise<(ForeignKey & { indexed: boolean })[]> {
  const { db, dialect } = t.database;
  if (dialect === 'postgres') {
    const { rows } = await sql<ForeignKey & { indexed: boolean }>`
      select c.conrelid::regclass::text as "table", a.attname as "column",
             c.confrelid::regclass::text as "references",
             exists (select 1 from pg_index i
                     where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and array_length(c.conkey, 1) = 1
        and c.connamespace = current_schema()::regnamespace`.execute(db);
    return rows;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const keys: (ForeignKey & { indexed: boolean })[] = [];
  for (const { name } of tables) {
    const { rows: fks } = await sql<{ from: string; table: string; seq: number; id: number }>`
      select * from pragma_foreign_key_list(${name})`.execute(db);
    const { rows: leading } = await sql<{ name: string }>`
      select ii.name from pragma_index_list(${name}) il
      join pragma_index_info(il.name) ii on ii.seqno = 0`.execute(db);
    // An INTEGER PRIMARY KEY is the table's rowid, the b-tree itself, and is in no index list.
    const { rows: key } = await sql<{ name: string }>`
      select name from pragma_table_info(${name}) where pk > 0`.execute(db);
    if (key.length === 1) leading.push(key[0] as { name: string });
    const multi = new Set(fks.filter((k) => k.seq > 0).map((k) => k.id));
    for (const fk of fks.filter((k) => !multi.has(k.id))) {
      keys.push({
        table: name,
        column: fk.from,
        references: fk.table,
        indexed: leading.some((l) => l.name === fk.from),
      });
    }
  }
  return keys;
}

describe('foreign keys', () => {
  /*
   * A delete of the row a foreign key points at makes the database look up every row that
   * points at it (to refuse, cascade or set null). Without an index leading with the column,
   * that is a walk of the whole table for each row deleted: deleting a page of 50 stored
   * files on the seeded academy read 50,000 submission files 50 times and held SQLite's one
   * connection for 0.9 s (issue 28, migration 0039).
   */
  it('each has an index that starts with its column, so a delete of what it points at is a lookup', async () => {
    const keys = await foreignKeys();
    expect(keys.length).toBeGreaterThan(20);
    const unindexed = keys
      .filter((k) => !k.indexed)
      .map((k) => `${k.table}.${k.column} → ${k.references}`);
    expect(unindexed).toEqual([]);
  });
});
