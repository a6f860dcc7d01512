import type { Kysely } from 'kysely';

/**
 * Cards a teacher adds to a student's Leitner box while correcting (issue 21, point 3) are
 * marked so: the student's Card Library says which came from the teacher.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('flashcards')
    .addColumn('from_teacher', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
