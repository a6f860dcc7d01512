import type { Kysely } from 'kysely';

/**
 * Issue 27: the server measures every recording as it arrives (point 9) and keeps its length,
 * in whole milliseconds, so the admin's speaking panel can show a real duration where the
 * browser reports none for a MediaRecorder WebM (point 18). Null for files that are not
 * recordings and for recordings stored before this.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stored_files').addColumn('duration_ms', 'integer').execute();
}
