import type { Kysely } from 'kysely';

/**
 * Issue 48, point 5: the academy's public address (`https://academy.example`), where a
 * certificate's printed link and QR lead. It was the request's Host header, which whoever asks
 * chooses, so a genuine certificate could point at a look-alike site. It is now the address an
 * administrator saved the Settings from, as the e-mailed links' is the one the e-mail settings
 * were saved from; an academy that set e-mail up starts with that one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('academy_settings').addColumn('public_origin', 'text').execute();
  const row = await db
    .selectFrom('academy_settings')
    .select('email_settings')
    .where('id', '=', 1)
    .executeTakeFirst();
  let origin: unknown = null;
  try {
    origin = row?.email_settings ? JSON.parse(row.email_settings).linkOrigin : null;
  } catch {
    origin = null;
  }
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/.test(origin))
    await db
      .updateTable('academy_settings')
      .set({ public_origin: origin })
      .where('id', '=', 1)
      .execute();
}
