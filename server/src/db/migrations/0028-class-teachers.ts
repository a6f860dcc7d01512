import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 29, points 1–2 and 9: teachers, and the absence warnings. A teacher is a user of
 * role 3 (no column changes); an administrator gives each class one or more teachers
 * (class_teachers), and a teacher's world is the students of those classes
 * (features/classes/reach.ts). The index by teacher answers "which classes does this caller
 * teach", which every teacher's call asks.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('class_teachers')
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('teacher_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('added_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('class_teachers_pk', ['class_id', 'teacher_id'])
    .execute();
  await db.schema
    .createIndex('class_teachers_teacher')
    .on('class_teachers')
    .columns(['teacher_id', 'class_id'])
    .execute();
  // The students at the absence warning (point 9) count only the absent and late marks across
  // the academy: this partial index holds those alone (a seventh of the marks in the bench's
  // term), by student, with all the count needs, so the count reads it in order and groups
  // without sorting. A query uses it only when its WHERE says `mark in ('absent', 'late')`
  // in these words (SQLite matches the expression, not its meaning; roll-data.ts).
  await db.schema
    .createIndex('roll_marks_absences')
    .on('roll_marks')
    .columns(['user_id', 'mark', 'class_session_id'])
    .where(sql<boolean>`mark in ('absent', 'late')`)
    .execute();
}
