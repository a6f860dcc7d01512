import type { Kysely } from 'kysely';

/**
 * Issue 29, point 5: a speaking question goes to everyone (as before: no rows), or to a class
 * or chosen students, who are then the only ones it is open to (speaking_question_students,
 * the students as they were when it was sent, as every send to a class is). `audience` keeps
 * who it went to in words ("Everyone", a class's name, "3 students").
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('speaking_question_students')
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('speaking_questions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('speaking_question_students_pk', ['question_id', 'user_id'])
    .execute();
  // The questions open to one student (their speaking screen).
  await db.schema
    .createIndex('speaking_question_students_user')
    .on('speaking_question_students')
    .columns(['user_id', 'question_id'])
    .execute();
  await db.schema
    .alterTable('speaking_questions')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('Everyone'))
    .execute();
  await db.schema
    .alterTable('speaking_questions')
    .addColumn('is_for_some', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
