import type { Kysely } from 'kysely';

/**
 * The audit log keeps the name of the user an entry was about, as it was when the change was
 * made: the log read it from the users table, so deleting a user left only a bare id in every
 * entry about them (their deletion's own entry included). Entries already written take the
 * names of the users still here; those already deleted stay nameless.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('target_user_name', 'text').execute();
  await db
    .updateTable('audit_log')
    .set((eb) => ({
      target_user_name: eb
        .selectFrom('users')
        .select('users.name')
        .whereRef('users.id', '=', 'audit_log.target_user_id'),
    }))
    .where('target_user_id', 'is not', null)
    .execute();
}
