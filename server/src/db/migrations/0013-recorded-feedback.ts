import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 21, recording and spoken feedback: a time limit per speaking question (seconds, 120
 * for the questions there are), the administrator's reply to a speaking answer (text and a
 * recording, and when), and a recorded comment on a correction. Each recording is a stored
 * file like any other, removed by the code that removes what holds it (restrict: a row never
 * points at nothing).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('speaking_questions')
    .addColumn('answer_seconds', 'integer', (c) => c.notNull().defaultTo(120))
    .execute();
  await db.schema.alterTable('speaking_answers').addColumn('reply_text', 'text').execute();
  await db.schema
    .alterTable('speaking_answers')
    .addColumn('reply_file_id', 'integer', (c) =>
      c.references('stored_files.id').onDelete('restrict'),
    )
    .execute();
  await db.schema.alterTable('speaking_answers').addColumn('replied_at', time).execute();
  await db.schema
    .alterTable('corrections')
    .addColumn('comment_file_id', 'integer', (c) =>
      c.references('stored_files.id').onDelete('restrict'),
    )
    .execute();
}
