import { withoutHidden } from '@academy/contract';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Students' imports as jobs, and names cleaned of hidden characters (issue 27, points 2, 8, 15).
 *
 * - `import_jobs`: one row per import, kept as its record. The import hashes passwords in the
 *   background (features/users/import-jobs.ts); the screen follows `done` of `total`. `status`
 *   is 'running', 'done' or 'failed'; a running job whose instance stops or dies is marked
 *   failed (interrupted), never left running. `credentials` (JSON: name, class, username,
 *   password of each new student) is kept until the administrator dismisses the job, then
 *   set to null; the row stays.
 * - Users' and classes' names lose bidi overrides, zero-width characters and line breaks,
 *   the rule file names follow (contract text.ts, migration 0007). A class whose cleaned name
 *   would equal another class's in use gets " (2)", " (3)"... (their names must differ). It
 *   uses today's rule on purpose, as 0007 does.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const time = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('credentials', 'text')
    .addColumn('sign_in_url', 'text', (c) => c.notNull())
    .addColumn('runner', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .addColumn('dismissed_at', time)
    .execute();
  // One import runs at a time, across instances too.
  await db.schema
    .createIndex('import_jobs_one_running')
    .on('import_jobs')
    .unique()
    .column('status')
    .where(sql.ref('status'), '=', 'running')
    .execute();
  // The jobs the users screen shows: those not dismissed, newest first.
  await db.schema
    .createIndex('import_jobs_open')
    .on('import_jobs')
    .columns(['dismissed_at', 'id'])
    .execute();

  await cleanHiddenNames(db);
}

/** Users' and classes' names without hidden characters (exported for its test). */
// biome-ignore lint/suspicious/noExplicitAny: as above.
export async function cleanHiddenNames(db: Kysely<any>): Promise<void> {
  await cleanNames(db, 'users', async () => true);
  await cleanNames(db, 'classes', async (row, name) => {
    if (row.is_archived) return true;
    const same = await db
      .selectFrom('classes')
      .select('id')
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .where('is_archived', '=', 0)
      .where('id', '!=', row.id)
      .executeTakeFirst();
    return same === undefined;
  });
}

type NamedRow = { id: number; name: string; is_archived?: number };

/**
 * Every row of `table` whose name holds hidden characters gets it cleaned, in batches by id;
 * `free(row, name)` says whether the cleaned name may be used, else a number is added.
 */
async function cleanNames(
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  db: Kysely<any>,
  table: 'users' | 'classes',
  free: (row: NamedRow, name: string) => Promise<boolean>,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: NamedRow[] = await db
      .selectFrom(table)
      .select(table === 'classes' ? ['id', 'name', 'is_archived'] : ['id', 'name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const clean = withoutHidden(row.name).trim() || (table === 'users' ? 'Student' : 'Class');
      if (clean === row.name) continue;
      let name = clean;
      for (let n = 2; !(await free(row, name)); n += 1) name = `${clean} (${n})`;
      await db.updateTable(table).set({ name }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}
