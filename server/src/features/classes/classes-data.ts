import { CLASS_STUDENTS_PAGE_SIZE, CLASSES_PAGE_SIZE } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { sql } from 'kysely';
import { taughtClasses, type Within } from '../../auth/reach.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';
import { holdClass } from '../../domain/classes.js';
import { giveFutureSessions, takeFutureSessions } from '../timetable/timetable-data.js';

/** Another class in use already has this name (any case). */
export class ClassNameTakenError extends Error {
  constructor(readonly className: string) {
    super(`Another class in use is called "${className}".`);
  }
}

type ClassRow = {
  id: number;
  name: string;
  is_archived: number;
  created_at: number;
  student_count: number | string | bigint;
};

const asClass = (row: ClassRow, teachers: Map<number, ClassTeacher[]>) => ({
  id: row.id,
  name: row.name,
  is_archived: row.is_archived === 1,
  student_count: Number(row.student_count),
  created_at: formatTimestamp(row.created_at),
  teachers: teachers.get(row.id) ?? [],
});

interface ClassTeacher {
  id: number;
  name: string;
}

/** The classes as answered, with their teachers (one query for all of them). */
async function asClasses(db: Db, rows: ClassRow[]) {
  const teachers = new Map<number, ClassTeacher[]>();
  if (rows.length > 0) {
    const found = await db
      .selectFrom('class_teachers as ct')
      .innerJoin('users as u', 'u.id', 'ct.teacher_id')
      .select(['ct.class_id', 'u.id', 'u.name'])
      .where(
        'ct.class_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
    for (const { class_id, ...teacher } of found)
      teachers.set(class_id, [...(teachers.get(class_id) ?? []), teacher]);
  }
  return rows.map((row) => asClass(row, teachers));
}

/** The classes with how many students each has (one count per listed class, by the index). */
function classesWithCounts(db: Db) {
  return db
    .selectFrom('classes as c')
    .select([
      'c.id',
      'c.name',
      'c.is_archived',
      'c.created_at',
      (eb) =>
        eb
          .selectFrom('class_students as cs')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('cs.class_id', '=', 'c.id')
          .as('student_count'),
    ]);
}

export interface ClassFilter {
  q?: string;
  archived: 'no' | 'yes' | 'all';
  page: number;
  /** A teacher: only the classes they teach. */
  within?: Within;
}

/** The list of classes: by name, a page at a time (a teacher's: those they teach). */
export async function listClasses(db: Db, filter: ClassFilter) {
  let query = classesWithCounts(db);
  if (filter.within !== undefined)
    query = query.where('c.id', 'in', taughtClasses(db, filter.within));
  if (filter.archived !== 'all')
    query = query.where('c.is_archived', '=', filter.archived === 'yes' ? 1 : 0);
  if (filter.q) query = query.where(containsText('c.name', filter.q));
  const { rows, hasMore } = await fetchPage(
    query.orderBy('c.name').orderBy('c.id'),
    filter.page,
    CLASSES_PAGE_SIZE,
  );
  return { classes: await asClasses(db, rows as ClassRow[]), hasMore };
}

export async function findClass(db: Db, classId: number) {
  const row = await classesWithCounts(db).where('c.id', '=', classId).executeTakeFirst();
  return row ? (await asClasses(db, [row as ClassRow]))[0] : undefined;
}

/** The classes one student is in, by name, archived ones last (a teacher: those they teach). */
export async function listClassesOf(db: Db, userId: number, within?: Within) {
  let query = classesWithCounts(db)
    .innerJoin('class_students as mine', 'mine.class_id', 'c.id')
    .where('mine.user_id', '=', userId);
  if (within !== undefined) query = query.where('c.id', 'in', taughtClasses(db, within));
  const rows = await query.orderBy('c.is_archived').orderBy('c.name').execute();
  return asClasses(db, rows as ClassRow[]);
}

/**
 * Gives a class exactly these teachers, in one transaction: those not named stop teaching it
 * (their next call about it is refused), the new ones start. Ids that are not active teachers
 * are refused by the handler first (refuseNonTeachers).
 */
export async function setClassTeachers(
  db: Db,
  classId: number,
  teacherIds: number[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    let leaving = tx.deleteFrom('class_teachers').where('class_id', '=', classId);
    if (teacherIds.length > 0) leaving = leaving.where('teacher_id', 'not in', teacherIds);
    await leaving.execute();
    if (teacherIds.length === 0) return;
    await tx
      .insertInto('class_teachers')
      .values(teacherIds.map((teacher_id) => ({ class_id: classId, teacher_id, added_at: now })))
      .onConflict((oc) => oc.columns(['class_id', 'teacher_id']).doNothing())
      .execute();
  });
}

/** How many of these ids are active teachers' (all of them, or the choice is refused). */
export async function countActiveTeachers(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .where('role_id', '=', ROLE_ID.teacher)
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function refuseNameInUse(db: Db, name: string, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom('classes')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('is_archived', '=', 0);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw new ClassNameTakenError(name);
}

export async function createClass(db: Db, name: string, now: number): Promise<number> {
  await refuseNameInUse(db, name);
  try {
    const row = await db
      .insertInto('classes')
      .values({ name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ClassNameTakenError(name);
    throw error;
  }
}

/** Renames, archives or brings a class back; false when there is no such class. */
export async function updateClass(
  db: Db,
  classId: number,
  change: { name?: string | undefined; archived?: boolean | undefined },
  now: number,
): Promise<boolean> {
  const current = await db
    .selectFrom('classes')
    .select(['name', 'is_archived'])
    .where('id', '=', classId)
    .executeTakeFirst();
  if (!current) return false;
  const name = change.name ?? current.name;
  const archived = change.archived ?? current.is_archived === 1;
  // Only a class in use must have a name no other class in use has.
  if (!archived) await refuseNameInUse(db, name, classId);
  try {
    await db
      .updateTable('classes')
      .set({ name, is_archived: archived ? 1 : 0, updated_at: now })
      .where('id', '=', classId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ClassNameTakenError(name);
    throw error;
  }
  return true;
}

/** A class's students by name, a page at a time, searched by name, username or e-mail. */
export async function listClassStudents(
  db: Db,
  classId: number,
  filter: { q?: string | undefined; page: number },
) {
  let query = db
    .selectFrom('class_students as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .where('cs.class_id', '=', classId);
  if (filter.q) {
    const q = filter.q;
    query = query.where((eb) =>
      eb.or([containsText('u.name', q), containsText('u.username', q), containsText('u.email', q)]),
    );
  }
  const { rows, hasMore } = await fetchPage(
    query.select(['u.id', 'u.name', 'u.username', 'u.email']).orderBy('u.name').orderBy('u.id'),
    filter.page,
    CLASS_STUDENTS_PAGE_SIZE,
  );
  return { students: rows, hasMore };
}

/**
 * Adds students to a class (those already in it stay as they were); how many were new. Run
 * it in a transaction with what joining brings (joinClass), or alone where nothing does.
 */
export async function addClassStudents(
  db: Db,
  classId: number,
  userIds: number[],
  now: number,
): Promise<number> {
  const already = await db
    .selectFrom('class_students')
    .select('user_id')
    .where('class_id', '=', classId)
    .where('user_id', 'in', userIds)
    .execute();
  const inClass = new Set(already.map((r) => r.user_id));
  const added = userIds.filter((id) => !inClass.has(id));
  if (added.length === 0) return 0;
  await db
    .insertInto('class_students')
    .values(added.map((userId) => ({ class_id: classId, user_id: userId, added_at: now })))
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
    .execute();
  return added.length;
}

/**
 * Students join a class at `now`: its places and its sessions that begin after that moment on
 * the academy's clock (`timeZone`), in one transaction, so a member never lacks the class's
 * sessions. Throws NoRoomForSessions, changing nothing, when
 * one of them has no session numbers left. Given a transaction (a move between classes,
 * issue 30), it is a step of that one.
 */
export function joinClass(
  db: Db,
  classId: number,
  userIds: number[],
  today: string,
  now: number,
  timeZone: string,
): Promise<number> {
  const join = async (trx: Db) => {
    await holdClass(trx, classId);
    const added = await addClassStudents(trx, classId, userIds, now);
    await giveFutureSessions(trx, classId, userIds, today, now, timeZone);
    return added;
  };
  return db.isTransaction ? join(db) : db.transaction().execute(join);
}

/**
 * Takes students out of a class, and their places in its sessions still to come, in one
 * transaction with the class held: a timetable saved meanwhile gives them none of its new
 * sessions. How many were in it. Given a transaction (a move between classes), it is a step
 * of that one.
 */
export function removeClassStudents(
  db: Db,
  classId: number,
  userIds: number[],
  today: string,
): Promise<number> {
  const leave = async (trx: Db) => {
    await holdClass(trx, classId);
    const result = await trx
      .deleteFrom('class_students')
      .where('class_id', '=', classId)
      .where('user_id', 'in', userIds)
      .executeTakeFirst();
    await takeFutureSessions(trx, classId, userIds, today);
    return Number(result.numDeletedRows);
  };
  return db.isTransaction ? leave(db) : db.transaction().execute(leave);
}
