import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 30, points 3–6: a term's results.
 *
 * - The scheme (contract/src/results.ts: components with weights, each typed or computed) is
 *   JSON: the academy's on the settings row, a class's own on the class (null: the academy's).
 *   Each component has a key that stays when it is renamed or reweighted, so the scores typed
 *   against it stay too; a class that takes its own scheme starts from the academy's keys.
 *   The bands (pass, conditional pass) are JSON on the settings row (null: the defaults).
 * - `result_scores`: the scores teachers type, per term, class, student and component key,
 *   in hundredths of a percent. The draft: students never read it.
 * - `result_sheets`: a class's sheet of a term was published, when and by whom.
 * - `term_results`: what publishing froze for each student: the components with their scores,
 *   the total and outcome, attendance; and, for a pass, the certificate's unguessable code.
 *   The class's name and level are kept as they were, so a report card or certificate says
 *   what it said when it was published. A change published later sets changed_at/changed_by.
 * - A class's level (certificates name it) and the next level's class (passing students are
 *   offered a move there).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';

  for (const column of ['result_scheme', 'result_bands'])
    await db.schema.alterTable('academy_settings').addColumn(column, 'text').execute();
  for (const column of ['result_scheme', 'level'])
    await db.schema.alterTable('classes').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('classes')
    .addColumn('next_class_id', 'integer', (c) => c.references('classes.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('result_scores')
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('component_key', 'text', (c) => c.notNull())
    .addColumn('hundredths', 'integer', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('result_scores_pk', [
      'term_id',
      'class_id',
      'user_id',
      'component_key',
    ])
    .execute();

  await db.schema
    .createTable('result_sheets')
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('published_at', time, (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('result_sheets_pk', ['term_id', 'class_id'])
    .execute();

  await db.schema
    .createTable('term_results')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) =>
      c.notNull().references('classes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('level', 'text')
    /** JSON: [{name, weight, final, score}] in the scheme's order, score in hundredths or null. */
    .addColumn('components', 'text', (c) => c.notNull())
    .addColumn('total_hundredths', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('eligible', 'integer', (c) => c.notNull())
    .addColumn('absences', 'integer', (c) => c.notNull())
    .addColumn('attendance_hundredths', 'integer')
    .addColumn('published_at', time, (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', time)
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('certificate_code', 'text', (c) => c.unique())
    .addUniqueConstraint('term_results_one', ['term_id', 'class_id', 'user_id'])
    .execute();
  // A student's results, term by term.
  await db.schema
    .createIndex('term_results_user')
    .on('term_results')
    .columns(['user_id', 'term_id'])
    .execute();
}
