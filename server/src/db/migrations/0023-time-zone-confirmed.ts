import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * When an administrator first confirmed the academy's time zone (features/settings): until
 * then, an administrator's screens open on the time-zone step (issue 27: a zone left at the
 * default UTC put every typed time hours off). An academy that already saved a zone chose it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const time = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('academy_settings')
    .addColumn('time_zone_confirmed_at', time)
    .execute();
  await db
    .updateTable('academy_settings')
    .set((eb) => ({ time_zone_confirmed_at: eb.fn.coalesce('updated_at', eb.lit(0)) }))
    .where('time_zone', 'is not', null)
    .execute();
}
