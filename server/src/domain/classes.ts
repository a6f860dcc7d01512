import { ROLE_ID } from '@academy/contract/constants';
import { dialectOf } from '../db/dialect.js';
import type { Db } from '../db/index.js';

/**
 * A class as the features that act on one name it (a send, its timetable, its roll): its name
 * and whether it is archived. The classes feature owns the table, its lists and its writes.
 */
export async function findClassHead(db: Db, classId: number) {
  const row = await db
    .selectFrom('classes')
    .select(['id', 'name', 'is_archived'])
    .where('id', '=', classId)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, is_archived: row.is_archived === 1 };
}

/** The active students of a class, for sending to it or giving it its sessions. */
export async function activeStudentIdsOfClass(db: Db, classId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('class_students as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .select('u.id')
    .where('cs.class_id', '=', classId)
    .where('u.role_id', '=', ROLE_ID.user)
    .where('u.is_active', '=', 1)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Holds a class until the transaction ends, so changes to who is in it and to its sessions
 * take turns: a student joining while its timetable is saved either gets the new sessions
 * with the others or is there to be given them, never neither; two saves of one timetable
 * (a double tap) find each other's sessions. On PostgreSQL the class's row is locked (an
 * insert naming the class waits too); SQLite's transactions take turns already.
 */
export async function holdClass(trx: Db, classId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('classes').select('id').where('id', '=', classId).forUpdate().execute();
}
