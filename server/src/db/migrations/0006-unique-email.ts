import { type Kysely, sql } from 'kysely';

/**
 * One account per e-mail, regardless of case: a unique index on lower(email), so two adds
 * at once cannot both win. A database that already holds the same e-mail twice keeps the
 * oldest account's as it is and gives each later one `+dupN` before the @ (the first N no
 * account has), logged, so the migration never fails on data and an admin can put the
 * right address back.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type.
export async function up(db: Kysely<any>): Promise<void> {
  const lowerEmail = sql<string>`lower(email)`;
  const shared = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where(
      lowerEmail,
      'in',
      db
        .selectFrom('users')
        .select(lowerEmail.as('e'))
        .groupBy(lowerEmail)
        .having(sql`count(*)`, '>', 1),
    )
    .orderBy(lowerEmail)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  let group: string | undefined;
  for (const user of shared as { id: number; username: string; email: string }[]) {
    const lower = user.email.toLowerCase();
    if (lower !== group) {
      // The oldest account of each group keeps its e-mail.
      group = lower;
      continue;
    }
    const email = await freeVariant(db, user.email);
    await db
      .updateTable('users')
      .set({ email, updated_at: Date.now() })
      .where('id', '=', user.id)
      .execute();
    console.warn(
      `Migration 0006-unique-email: user ${user.id} (${user.username}) had the e-mail ${user.email} of an older account; it is now ${email}.`,
    );
  }
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .unique()
    .expression(lowerEmail)
    .execute();
}

/** `local+dupN@domain` (or `…+dupN` without an @) for the first N that no account has. */
// biome-ignore lint/suspicious/noExplicitAny: see up().
async function freeVariant(db: Kysely<any>, email: string): Promise<string> {
  const at = email.lastIndexOf('@');
  const local = at === -1 ? email : email.slice(0, at);
  const domain = at === -1 ? '' : email.slice(at);
  for (let n = 1; ; n++) {
    const candidate = `${local}+dup${n}${domain}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', candidate.toLowerCase())
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}
