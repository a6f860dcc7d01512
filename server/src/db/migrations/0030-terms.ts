import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Issue 30, point 2: the academy's terms, each a name and its first and last day
 * ('YYYY-MM-DD', both in the term), set in Settings; they never overlap (the server checks).
 * They replace the one `term_starts` day of migration 0027: a saved day becomes a term named
 * "Current term" from that day to the day before the same date four months on (2026-09-01 to
 * 2026-12-31; a date the shorter month lacks falls to its last day), and the column goes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('terms')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_day', 'text', (c) => c.notNull())
    .addColumn('last_day', 'text', (c) => c.notNull())
    .addColumn('created_at', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  // Names are unique in any case; the terms in day order.
  await db.schema
    .createIndex('terms_name_unique')
    .on('terms')
    .unique()
    .expression(sql`lower(name)`)
    .execute();
  await db.schema.createIndex('terms_first_day').on('terms').column('first_day').execute();

  const saved = await db
    .selectFrom('academy_settings')
    .select('term_starts')
    .where('id', '=', 1)
    .executeTakeFirst();
  const first = saved?.term_starts as string | null | undefined;
  if (first && /^\d{4}-\d{2}-\d{2}$/.test(first))
    await db
      .insertInto('terms')
      .values({
        name: 'Current term',
        first_day: first,
        last_day: fourMonthsOn(first),
        created_at: Date.now(),
      })
      .execute();
  await db.schema.alterTable('academy_settings').dropColumn('term_starts').execute();
}

/** The day before the same date four months on: the last day of a four-month term. */
export function fourMonthsOn(first: string): string {
  const [y, m, d] = first.split('-').map(Number) as [number, number, number];
  // The same date four months on, or that month's last day when it is shorter.
  const monthEnd = new Date(Date.UTC(y, m - 1 + 5, 0)).getUTCDate();
  const later = Date.UTC(y, m - 1 + 4, Math.min(d, monthEnd));
  return new Date(later - 86_400_000).toISOString().slice(0, 10);
}
