import type { Db } from '../db/index.js';

/**
 * What the infrastructure asks of the users table: the pipeline whether a payload's user_id
 * names someone (http/call.ts), the download route who a link was signed for
 * (files/routes.ts). Here, not in features/users, so the layers below the features import
 * nothing from them (docs/decisions.md, "Issue 28, point 4").
 */

export async function userExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Who a download link was signed for: whether they are active, and their role. */
export function findLinkHolder(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['is_active', 'role_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
