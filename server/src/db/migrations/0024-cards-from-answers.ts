import type { Kysely } from 'kysely';

/**
 * Issue 27, point 18: a card a teacher adds from a student's speaking answer names that
 * answer, so the admin's speaking panel lists the cards under it. Deleting the answer (its
 * question deleted) keeps the card in the student's box and forgets where it came from (set
 * null: the card is the student's to practise); deleting the student deletes both (their
 * cascades). The index serves the panel's look-up of one question's answers' cards.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('flashcards')
    .addColumn('speaking_answer_id', 'integer', (c) =>
      c.references('speaking_answers.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('flashcards_speaking_answer')
    .on('flashcards')
    .column('speaking_answer_id')
    .execute();
}
