import { CompiledQuery, createQueryId, type RootOperationNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUnreadAssignments } from '../features/assignments/assignments-data.js';
import { firstAnswerAt } from '../features/corrections/corrections-data.js';
import { countWaitingSpeakingAnswers } from '../features/speaking/speaking-data.js';
import { countStudentsSeenSince } from '../features/users/users-data.js';
import { createTestApp, type TestApp } from '../test-support/harness.js';
import type { Db } from './index.js';

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

/** The one query `count` runs, as it runs it (recorded on its way to the database). */
async function queryOf(count: (db: Db) => Promise<unknown>): Promise<CompiledQuery> {
  const { db } = t.database;
  const nodes: RootOperationNode[] = [];
  await count(
    db.withPlugin({
      transformQuery: ({ node }) => {
        nodes.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    }),
  );
  expect(nodes).toHaveLength(1);
  return db.getExecutor().compileQuery(nodes[0] as RootOperationNode, createQueryId());
}

describe("the indexes of the dashboard's counts (migration 0040)", () => {
  const sqlite = () => t.database.dialect === 'sqlite';

  it('counts the students online from the index alone', async () => {
    const plan = await planOf(await queryOf((db) => countStudentsSeenSince(db, 0)), ['users']);
    expect(plan).toContain(
      sqlite() ? 'COVERING INDEX users_seen' : 'Index Only Scan using users_seen',
    );
  });

  it('counts the unread assignments in an index of the unread ones', async () => {
    const plan = await planOf(await queryOf(countUnreadAssignments), ['assignments']);
    expect(plan).toContain(
      sqlite() ? 'COVERING INDEX assignments_unread' : 'Index Only Scan using assignments_unread',
    );
  });

  it('walks only the speaking answers not replied to', async () => {
    const plan = await planOf(await queryOf((db) => countWaitingSpeakingAnswers(db)), [
      'speaking_answers',
      'corrections',
    ]);
    expect(plan).toContain(
      sqlite() ? 'INDEX speaking_answers_unreplied' : 'using speaking_answers_unreplied',
    );
    expect(plan).not.toMatch(/SCAN speaking_answers$|Seq Scan on speaking_answers/m);
  });
});
