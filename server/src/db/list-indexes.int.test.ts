import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAnswerAt } from '../features/corrections/corrections-data.js';
import { createTestApp, type TestApp } from '../test-support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The plans of the inbox's "new" work (bench/README.md, `npm run bench:lists`): the answers
 * are covered by the inbox's tests (features/submissions); this holds the indexes they read.
 */
async function planOf(query: CompiledQuery, tables: string[]): Promise<string> {
  const { db, dialect } = t.database;
  const explain = (prefix: string) =>
    CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]);
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(explain('explain query plan'));
    return rows.map((r) => r.detail).join('\n');
  }
  // An empty table is read through in any plan; with the table scans priced out, the plan
  // shows which index a query takes and whether it visits the table.
  await sql`vacuum analyze ${sql.join(tables.map((name) => sql.table(name)))}`.execute(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(explain('explain'));
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('the indexes of the inbox\'s "new"', () => {
  it('walks the new submissions alone, newest first (migration 0025)', async () => {
    const query = t.database.db
      .selectFrom('submissions as s')
      .select('s.id')
      .where('s.corrected_at', 'is', null)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(21)
      .compile();
    const plan = await planOf(query, ['submissions']);
    expect(plan).toContain(
      t.database.dialect === 'sqlite'
        ? 'INDEX submissions_new_time'
        : 'Scan Backward using submissions_new_time',
    );
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it('works a first answer out from both indexes of corrections, the partial one alone (migration 0018)', async () => {
    const query = t.database.db
      .selectFrom('submissions')
      .select(firstAnswerAt().as('corrected_at'))
      .where('user_id', '=', 1)
      .compile();
    const plan = await planOf(query, ['submissions', 'corrections']);
    expect(plan).toContain(
      t.database.dialect === 'sqlite'
        ? 'COVERING INDEX corrections_unnamed_user_time'
        : 'using corrections_unnamed_user_time',
    );
    expect(plan).toContain('corrections_submission');
    expect(plan).not.toContain('Filter: (submission_id IS NULL)');
  });
});
