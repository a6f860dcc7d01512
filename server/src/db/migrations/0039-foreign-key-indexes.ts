import type { Kysely } from 'kysely';

/**
 * Issue 28: an index on every foreign key column that had none. Deleting a row makes the
 * database look up each row that points at it (to refuse, cascade or set null); without an
 * index that is a walk of the whole pointing table per deleted row. On the seeded academy one
 * sweep of 50 stored files walked 50,000 submission files, 32,000 corrections and the
 * speaking answers for each file and held SQLite's one connection for 0.9 s; deleting a user
 * walks the audit log, the corrections and every other table that names who wrote a row.
 * `db/foreign-key-indexes.int.test.ts` fails if a foreign key is added without one.
 */
const unindexed: [table: string, column: string][] = [
  ['stored_files', 'uploaded_by'],
  ['assignments', 'created_by'],
  ['submission_files', 'file_id'],
  ['corrections', 'comment_file_id'],
  ['corrections', 'created_by'],
  ['correction_files', 'file_id'],
  ['skill_items', 'created_by'],
  ['skill_items', 'file_id'],
  ['skill_item_students', 'user_id'],
  ['speaking_questions', 'created_by'],
  ['speaking_answers', 'reply_file_id'],
  ['speaking_answers', 'file_id'],
  ['audit_log', 'actor_id'],
  ['flashcard_answers', 'card_id'],
  ['academy_settings', 'home_background_file_id'],
  ['academy_settings', 'login_background_file_id'],
  ['academy_settings', 'logo_file_id'],
  ['academy_settings', 'updated_by'],
  ['classes', 'next_class_id'],
  ['sendings', 'created_by'],
  ['sendings', 'class_id'],
  ['assignment_reminders', 'assignment_id'],
  ['import_jobs', 'created_by'],
  ['class_sessions', 'roll_taken_by'],
  ['roll_marks', 'marked_by'],
  ['result_scores', 'updated_by'],
  ['result_scores', 'user_id'],
  ['result_scores', 'class_id'],
  ['result_sheets', 'published_by'],
  ['result_sheets', 'class_id'],
  ['term_results', 'changed_by'],
  ['term_results', 'published_by'],
  ['term_results', 'class_id'],
  ['outbox', 'guardian_id'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of unindexed) {
    await db.schema.createIndex(`${table}_fk_${column}`).on(table).column(column).execute();
  }
}
