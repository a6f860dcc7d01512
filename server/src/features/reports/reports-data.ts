import type { Db } from '../../db/index.js';
import { joinClass, removeClassStudents } from '../classes/classes-data.js';
import { asPublished, publishedResultRows } from '../results/results-data.js';
import { takeFutureSessions } from '../timetable/timetable-data.js';

/**
 * What report cards, certificates and a class's next level read and write (issue 30, points
 * 5–6). Every paper prints what publishing froze in term_results (migration 0032), never the
 * draft sheet; the student's name is their name now.
 */

/** One published result as its papers print it; undefined: none has that id. */
export async function findResultPaper(db: Db, resultId: number) {
  const row = await publishedResultRows(db).where('r.id', '=', resultId).executeTakeFirst();
  return row ? asPublished(row) : undefined;
}

/**
 * The names of the teachers of each result's class, by result id, as they sign its report card
 * (issue 49, point 12): the class's teachers now, by name.
 */
export async function resultTeacherNames(
  db: Db,
  resultIds: readonly number[],
): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>(resultIds.map((id) => [id, []]));
  if (resultIds.length === 0) return names;
  const rows = await db
    .selectFrom('term_results as r')
    .innerJoin('class_teachers as ct', 'ct.class_id', 'r.class_id')
    .innerJoin('users as u', 'u.id', 'ct.teacher_id')
    .select(['r.id', 'u.name'])
    .where('r.id', 'in', [...resultIds])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) names.get(row.id)?.push(row.name);
  return names;
}

/** A class's published results of a term, by the students' names (a report card each). */
export async function classResultPapers(db: Db, classId: number, termId: number) {
  const rows = await publishedResultRows(db)
    .where('r.class_id', '=', classId)
    .where('r.term_id', '=', termId)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  return rows.map(asPublished);
}

/** What a certificate's code certifies, and only that; undefined: no certificate has the code. */
export async function certificateByCode(db: Db, code: string) {
  return (
    db
      .selectFrom('term_results as r')
      .innerJoin('terms as t', 't.id', 'r.term_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'u.name as student_name',
        'r.level',
        't.name as term_name',
        'r.class_name',
        'r.outcome',
      ])
      .where('r.certificate_code', '=', code)
      // A result that stopped being a pass lost its code; this holds even so.
      .where('r.outcome', '=', 'pass')
      .executeTakeFirst()
  );
}

/**
 * When a certificate of this code was withdrawn (issue 49, point 11: publishing again turned its
 * pass into something else); undefined: no withdrawn certificate has it.
 */
export async function withdrawnCertificate(db: Db, code: string) {
  const row = await db
    .selectFrom('withdrawn_certificates')
    .select('withdrawn_at')
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? { withdrawnAt: Number(row.withdrawn_at) } : undefined;
}

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

/**
 * Moves students from a class to the next level's class in one transaction: they join it
 * (joinClass: its places and its sessions not yet begun) and leave this one (its sessions from
 * today on go; those before stay in their schedules). Throws NoRoomForSessions, changing
 * nothing, when a schedule has no session numbers left.
 */
export function moveStudents(
  db: Db,
  move: { fromClassId: number; toClassId: number; userIds: number[] },
  today: string,
  now: number,
  timeZone: string,
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await joinClass(trx, move.toClassId, move.userIds, today, now, timeZone);
    await removeClassStudents(trx, move.fromClassId, move.userIds);
    await takeFutureSessions(trx, move.fromClassId, move.userIds, today);
  });
}
