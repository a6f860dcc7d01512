import type { Kysely } from 'kysely';

/**
 * Issue 49, point 6: the audit log says who made a change as what they were when they made it,
 * a teacher as "(teacher)", not every actor as "(admin)". The role is kept with the entry (a
 * teacher made an administrator later still made their old changes as a teacher). Entries
 * written before it take the role their actor holds now; the ones whose actor is gone, none.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('actor_role_id', 'integer').execute();
  await db
    .updateTable('audit_log')
    .set((eb) => ({
      actor_role_id: eb
        .selectFrom('users')
        .select('users.role_id')
        .whereRef('users.id', '=', 'audit_log.actor_id'),
    }))
    .execute();
}
