import type { Kysely } from 'kysely';

/**
 * Issue 51, point 4: a quiz's tag ("Vocabulary", "Unit 3 check"), so that a result sheet's
 * component can be the average of a tag's quizzes of the term. Null: untagged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quizzes').addColumn('tag', 'text').execute();
}
