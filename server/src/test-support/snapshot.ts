import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';

/** Every table of the schema, so a snapshot cannot miss one added later. */
const TABLES: (keyof Database)[] = [
  'users',
  'auth_tokens',
  'login_attempts',
  'notifications',
  'schedule_sessions',
  'assignments',
  'assignment_links',
  'stored_files',
  'submissions',
  'submission_files',
  'corrections',
  'correction_files',
  'flashcards',
  'flashcard_answers',
  'skill_items',
  'skill_item_students',
  'skill_attempts',
  'speaking_questions',
  'speaking_answers',
  'audit_log',
  'app_settings',
  'academy_settings',
];

/** A fingerprint of the whole database (but the tables in `except`): equal fingerprints, equal data. */
export async function snapshotDb(db: Db, except: (keyof Database)[] = []): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TABLES.filter((name) => !except.includes(name))) {
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by 1`.execute(db);
    hash.update(`${table}:${JSON.stringify(rows.rows)}\n`);
  }
  return hash.digest('hex');
}
