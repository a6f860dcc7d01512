import type { Kysely } from 'kysely';

/**
 * Issue 49, point 18: a guardian's one-click unsubscribe. The kinds of message a guardian no
 * longer wants by e-mail, as a JSON list (null: none turned off). The academy's choice of
 * kinds for guardians stays academy-wide; this is one guardian's own "no more".
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('guardians').addColumn('email_off', 'text').execute();
}
