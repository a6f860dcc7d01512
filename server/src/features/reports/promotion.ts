import { heldOnPostgres } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { findTerm } from '../../domain/terms.js';
import { joinClass, removeClassStudents } from '../classes/classes-data.js';

/**
 * A class's next level and the move of its passing students there (issue 30, point 6). The
 * move is one command (issue 50, point 4): its rules are read in the transaction that moves
 * the students, with the rows they stand on locked on PostgreSQL (SQLite writes one
 * transaction at a time), so an archive, a change of the next class, a publication or a second
 * move cannot land between the check and the move.
 */

/** A class's level and the class of the next level, with that class's name. */
export async function classLevel(db: Db, classId: number) {
  return db
    .selectFrom('classes as c')
    .leftJoin('classes as n', 'n.id', 'c.next_class_id')
    .select([
      'c.id',
      'c.name',
      'c.level',
      'n.id as next_id',
      'n.name as next_name',
      'n.is_archived as next_archived',
    ])
    .where('c.id', '=', classId)
    .executeTakeFirst();
}

export type LevelSave = 'saved' | 'no-class' | 'no-next-class';

/** Sets a class's level ('' clears it) and its next level's class (null: none). */
export async function saveClassLevel(
  db: Db,
  classId: number,
  change: { level: string; nextClassId: number | null },
  now: number,
): Promise<LevelSave> {
  if (change.nextClassId !== null) {
    const next = await db
      .selectFrom('classes')
      .select('id')
      .where('id', '=', change.nextClassId)
      .executeTakeFirst();
    if (!next) return 'no-next-class';
  }
  const result = await db
    .updateTable('classes')
    .set({
      level: change.level === '' ? null : change.level,
      next_class_id: change.nextClassId,
      updated_at: now,
    })
    .where('id', '=', classId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'saved' : 'no-class';
}

/** Whether a class's results of a term are published. */
export async function isPublished(db: Db, classId: number, termId: number): Promise<boolean> {
  const row = await db
    .selectFrom('result_sheets')
    .select('class_id')
    .where('class_id', '=', classId)
    .where('term_id', '=', termId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The students who passed a class's term and are still in the class: those a move takes. */
export async function passingMembers(db: Db, classId: number, termId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('term_results as r')
    .innerJoin('class_students as cs', (join) =>
      join.onRef('cs.user_id', '=', 'r.user_id').onRef('cs.class_id', '=', 'r.class_id'),
    )
    .select('r.user_id')
    .where('r.class_id', '=', classId)
    .where('r.term_id', '=', termId)
    .where('r.outcome', '=', 'pass')
    .orderBy('r.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/** A promotion: not found (404), refused by a rule (400), or the students moved. */
export type Promotion =
  | { missing: string }
  | { refused: string }
  | { moved: number[]; from: string; to: string };

/**
 * Moves the students who passed a class's published term to the next level's class, in one
 * transaction that first reads and checks the four rules (a next class chosen, not archived,
 * the term's results published, someone passing left to move): they join it (joinClass: its
 * places and its sessions not yet begun) and leave this one (its sessions from today on go;
 * those before stay in their schedules). A rule that fails writes nothing. Throws
 * NoRoomForSessions, changing nothing, when a schedule has no session numbers left.
 */
export function promotePassingStudents(
  db: Db,
  place: { classId: number; termId: number },
  at: { today: string; now: number; timeZone: string },
): Promise<Promotion> {
  return db.transaction().execute(async (trx): Promise<Promotion> => {
    // The class's row first, then the next class's: a change of level or an archive waits.
    const classRow = trx
      .selectFrom('classes')
      .select(['id', 'name', 'next_class_id'])
      .where('id', '=', place.classId);
    const cls = await heldOnPostgres(trx, classRow, (q) => q.forUpdate()).executeTakeFirst();
    if (!cls) return { missing: 'Class not found.' };
    const term = await findTerm(trx, place.termId);
    if (!term) return { missing: 'No such term.' };
    if (cls.next_class_id === null)
      return { refused: `Please choose the next level’s class of ${cls.name} first.` };
    const nextRow = trx
      .selectFrom('classes')
      .select(['id', 'name', 'is_archived'])
      .where('id', '=', cls.next_class_id);
    const next = await heldOnPostgres(trx, nextRow, (q) => q.forUpdate()).executeTakeFirst();
    if (!next) return { refused: `Please choose the next level’s class of ${cls.name} first.` };
    if (next.is_archived === 1)
      return { refused: `${next.name} is archived. Bring it back before moving students into it.` };
    // A publication (which writes this row first) runs before or after the move, never inside.
    const sheet = trx
      .selectFrom('result_sheets')
      .select('class_id')
      .where('class_id', '=', cls.id)
      .where('term_id', '=', term.id);
    if (!(await heldOnPostgres(trx, sheet, (q) => q.forUpdate()).executeTakeFirst()))
      return { refused: `The ${term.name} results of ${cls.name} are not published yet.` };
    const userIds = await passingMembers(trx, cls.id, term.id);
    if (userIds.length === 0)
      return { refused: `No student who passed ${term.name} is left in ${cls.name} to move.` };
    await joinClass(trx, next.id, userIds, at.today, at.now, at.timeZone);
    await removeClassStudents(trx, cls.id, userIds, at.today);
    return { moved: userIds, from: cls.name, to: next.name };
  });
}
