import { CompiledQuery, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCorrected } from '../features/corrections/corrections-data.js';
import { createTestApp, type TestApp } from '../test-support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Migration 0018: the inbox's "new" filter makes isCorrected's second probe for every
 * submission it walks (bench/README.md, `npm run bench:lists`), and it must read the partial
 * index alone, not a table row per probe. The answers are covered by the inbox's tests
 * (features/submissions); this holds the plan.
 */
describe('migration 0018-list-indexes', () => {
  it("reads isCorrected's probe for corrections naming no submission from the partial index alone", async () => {
    const { db, dialect } = t.database;
    const query = db
      .selectFrom('submissions as s')
      .select('s.id')
      .where(sql<SqlBool>`not ${isCorrected('s.id', 's.user_id', 's.created_at')}`)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(21)
      .compile();
    const explain = (prefix: string) =>
      CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]);
    if (dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(explain('explain query plan'));
      expect(rows.map((r) => r.detail).join('\n')).toContain(
        'COVERING INDEX corrections_unnamed_user_time',
      );
    } else {
      // An empty table is read through in any plan; with the table scans priced out, the plan
      // shows which index the probe takes and whether it visits the table.
      await sql`vacuum analyze corrections`.execute(db);
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(explain('explain'));
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('Index Only Scan using corrections_unnamed_user_time');
    }
  });
});
