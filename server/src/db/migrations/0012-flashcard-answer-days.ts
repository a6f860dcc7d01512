import type { Kysely } from 'kysely';

/**
 * The Leitner progress (features/flashcards/progress.ts): a student's answers by time, for
 * the run of days practised and the answers of this week, read through one index range. And
 * a student's page (features/students): their exam and skill attempts and speaking answers
 * by student (the tables were keyed by item and question first).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('flashcard_answers_user_time')
    .on('flashcard_answers')
    .columns(['user_id', 'at'])
    .execute();
  await db.schema
    .createIndex('skill_attempts_user')
    .on('skill_attempts')
    .columns(['user_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('speaking_answers_user')
    .on('speaking_answers')
    .columns(['user_id', 'created_at'])
    .execute();
}
