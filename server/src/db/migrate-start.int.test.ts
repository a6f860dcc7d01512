import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import { openDatabase } from './index.js';

/**
 * At each start the schema is brought up to date (db/migrate.ts): a schema whose bookkeeping
 * names every migration and no other opens without asking the migrator; any other goes to the
 * migrator, which runs what is missing and refuses what it does not know.
 */
describe('opening an academy brings its schema up to date', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const bookkeeping = sql.table(DEFAULT_MIGRATION_TABLE);
  const ran = async () =>
    (
      await sql<{ name: string }>`select name from ${bookkeeping} order by name`.execute(
        t.database.db,
      )
    ).rows.map((row) => row.name);
  const reopen = async () => {
    const again = await openDatabase(t.config);
    await again.db.destroy();
  };

  it('opens an academy migrated to the last, its bookkeeping as it was', async () => {
    const before = await ran();
    await reopen();
    expect(await ran()).toEqual(before);
    expect(before).toContain('0059-refund-notes');
  });

  it('runs a migration its bookkeeping does not name (here one already applied: it fails, named)', async () => {
    await sql`delete from ${bookkeeping} where name = '0059-refund-notes'`.execute(t.database.db);
    await expect(reopen()).rejects.toThrow(/0059-refund-notes/);
  });

  it('refuses a schema that names a migration this build does not know', async () => {
    await sql`insert into ${bookkeeping} (name, timestamp) values ('9999-from-a-newer-build', ${new Date().toISOString()})`.execute(
      t.database.db,
    );
    await expect(reopen()).rejects.toThrow(/9999-from-a-newer-build/);
  });
});
