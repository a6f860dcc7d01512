import type { Kysely } from 'kysely';

/**
 * Issue 49, point 8: e-mail addresses are kept in lower case (contract text.ts normalEmail, on
 * every call that saves one). Existing users' and guardians' addresses with capitals are
 * lowered here. Users' e-mails are already unique regardless of case (the unique index on
 * lower(email), migration 0006), so lowering cannot make two the same; SQLite's lower() only
 * lowers A-Z, though, so the new value is made in JavaScript (as the calls make it) and an
 * account whose lowered address another account already has (only possible with non-ASCII
 * capitals on SQLite) is left as it is rather than failing the upgrade.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const users: { id: number; email: string }[] = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .execute();
  const holders = new Map<string, number>();
  for (const u of users) {
    const lowered = u.email.trim().toLowerCase();
    holders.set(lowered, (holders.get(lowered) ?? 0) + 1);
  }
  for (const u of users) {
    const lowered = u.email.trim().toLowerCase();
    if (lowered === u.email || holders.get(lowered) !== 1) continue;
    await db.updateTable('users').set({ email: lowered }).where('id', '=', u.id).execute();
  }
  const guardians: { id: number; email: string }[] = await db
    .selectFrom('guardians')
    .select(['id', 'email'])
    .where('email', 'is not', null)
    .execute();
  for (const g of guardians) {
    const lowered = g.email.trim().toLowerCase();
    if (lowered !== g.email)
      await db.updateTable('guardians').set({ email: lowered }).where('id', '=', g.id).execute();
  }
}
