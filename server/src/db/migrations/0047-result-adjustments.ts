import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 49, points 9 and 11.
 *
 * - `result_adjustments`: a teacher excuses a student's component (left out of the total, its
 *   weight spread over the rest) or overrides it with a score and a reason, per term, class,
 *   student and component key, with who and when. One row per cell: excusing an overridden
 *   component replaces the override.
 * - `withdrawn_certificates`: a certificate publishing withdrew (a pass published again as
 *   something else) keeps its code and when it was withdrawn, so the public check says so
 *   rather than answering as it does a forged code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('result_adjustments')
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('component_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('hundredths', 'integer')
    .addColumn('reason', 'text')
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('result_adjustments_pk', [
      'term_id',
      'class_id',
      'user_id',
      'component_key',
    ])
    .execute();
  await db.schema
    .createIndex('result_adjustments_class')
    .on('result_adjustments')
    .columns(['class_id', 'term_id'])
    .execute();
  await db.schema
    .createIndex('result_adjustments_user')
    .on('result_adjustments')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('result_adjustments_by')
    .on('result_adjustments')
    .column('updated_by')
    .execute();

  await db.schema
    .createTable('withdrawn_certificates')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('result_id', 'integer', (c) =>
      c.notNull().references('term_results.id').onDelete('cascade'),
    )
    .addColumn('withdrawn_at', time, (c) => c.notNull())
    .addColumn('withdrawn_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('withdrawn_certificates_result')
    .on('withdrawn_certificates')
    .column('result_id')
    .execute();
  await db.schema
    .createIndex('withdrawn_certificates_by')
    .on('withdrawn_certificates')
    .column('withdrawn_by')
    .execute();
}
