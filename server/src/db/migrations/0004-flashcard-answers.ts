import type { Kysely } from 'kysely';

/**
 * Answers the browser numbered: an answer sent twice (a retry, or the offline queue replayed)
 * is applied once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flashcard_answers')
    .addColumn('answer_id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'integer', (c) =>
      c.notNull().references('flashcards.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
}
