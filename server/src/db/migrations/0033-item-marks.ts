import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 30, point 1 (the rest): marks on exams and Skill Builder items. An item is marked out
 * of whole points (`mark_out_of`, 100 unless set); a student's attempt may carry a mark in whole
 * hundredths of a point (`mark_hundredths`, null: none), given or changed at `marked_at`.
 * Integers, so a mark is exact on both databases (contract/src/marks.ts). The attempts are
 * read by student and start too (a student's page, the result sheet's marks within a term).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  // One column a statement: SQLite adds one at a time.
  await db.schema
    .alterTable('skill_items')
    .addColumn('mark_out_of', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();
  await db.schema.alterTable('skill_attempts').addColumn('mark_hundredths', 'integer').execute();
  await db.schema.alterTable('skill_attempts').addColumn('marked_at', time).execute();
  await db.schema
    .createIndex('skill_attempts_user_started')
    .on('skill_attempts')
    .columns(['user_id', 'started_at'])
    .execute();
}
