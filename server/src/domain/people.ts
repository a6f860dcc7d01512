import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/index.js';
import { inSlices } from '../db/lists.js';

/**
 * A person by id (a student, a teacher or an administrator), as several features name them: the
 * account screen, a student's page, a correction's student, a send to one student. The users
 * feature owns the table and its writes; this read is the vocabulary the others share.
 */
export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Holds these people until the transaction ends, so what is numbered or summed per person (a
 * schedule's session numbers, a payer's ledger, a student's practice) is read and written by
 * one request at a time. On PostgreSQL their rows are locked, in id order so two holders never
 * wait on each other in a circle; SQLite's transactions take turns already. FOR NO KEY UPDATE:
 * it does not wait for (or on) the key-share lock a new row naming the person takes (a ledger
 * row, a schedule row). A writer that reads what it will write to takes this first.
 */
export async function holdPeople(trx: Db, ids: readonly number[]): Promise<void> {
  if (dialectOf(trx) !== 'postgres' || ids.length === 0) return;
  for (const slice of inSlices([...new Set(ids)].sort((a, b) => a - b)))
    await trx
      .selectFrom('users')
      .select('id')
      .where('id', 'in', slice)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
}
