import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Work that connects (issue 20 point 6): an assignment may have a due instant, a submission
 * may name the assignment it answers, a correction the submission it answers. Each link is
 * optional and goes null when what it names is deleted. Indexes: an assignment's submissions
 * by time (its state), a submission's corrections (corrected or new), and the inbox by time
 * (its date filters and its order).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('assignments').addColumn('due_at', time).execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('assignment_id', 'integer', (c) =>
      c.references('assignments.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .alterTable('corrections')
    .addColumn('submission_id', 'integer', (c) =>
      c.references('submissions.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('submissions_assignment_time')
    .on('submissions')
    .columns(['assignment_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('submissions_time')
    .on('submissions')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('corrections_submission')
    .on('corrections')
    .column('submission_id')
    .execute();
}
