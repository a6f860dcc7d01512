import type { Db } from '../db/index.js';

/**
 * A person by id (a student, a teacher or an administrator), as several features name them: the
 * account screen, a student's page, a correction's student, a send to one student. The users
 * feature owns the table and its writes; this read is the vocabulary the others share.
 */
export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
