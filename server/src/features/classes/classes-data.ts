import { CLASS_STUDENTS_PAGE_SIZE, CLASSES_PAGE_SIZE } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { containsText, fetchPage } from '../../db/lists.js';
import { formatTimestamp } from '../../db/time.js';

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

const asClass = (row: ClassRow) => ({
  id: row.id,
  name: row.name,
  is_archived: row.is_archived === 1,
  student_count: Number(row.student_count),
  created_at: formatTimestamp(row.created_at),
});

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
}

/** The admin's list of classes: by name, a page at a time. */
export async function listClasses(db: Db, filter: ClassFilter) {
  let query = classesWithCounts(db);
  if (filter.archived !== 'all')
    query = query.where('c.is_archived', '=', filter.archived === 'yes' ? 1 : 0);
  if (filter.q) query = query.where(containsText('c.name', filter.q));
  const { rows, hasMore } = await fetchPage(
    query.orderBy('c.name').orderBy('c.id'),
    filter.page,
    CLASSES_PAGE_SIZE,
  );
  return { classes: rows.map((r) => asClass(r as ClassRow)), hasMore };
}

export async function findClass(db: Db, classId: number) {
  const row = await classesWithCounts(db).where('c.id', '=', classId).executeTakeFirst();
  return row ? asClass(row as ClassRow) : undefined;
}

/** The classes one student is in, by name, archived ones last. */
export async function listClassesOf(db: Db, userId: number) {
  const rows = await classesWithCounts(db)
    .innerJoin('class_students as mine', 'mine.class_id', 'c.id')
    .where('mine.user_id', '=', userId)
    .orderBy('c.is_archived')
    .orderBy('c.name')
    .execute();
  return rows.map((r) => asClass(r as ClassRow));
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

/** Of `userIds`, those that are not students (unknown ids and administrators). */
export async function notStudents(db: Db, userIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where('role_id', '=', ROLE_ID.user)
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return userIds.filter((id) => !found.has(id));
}

/** Adds students to a class (those already in it stay as they were); how many were new. */
export async function addClassStudents(
  db: Db,
  classId: number,
  userIds: number[],
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom('class_students')
      .select('user_id')
      .where('class_id', '=', classId)
      .where('user_id', 'in', userIds)
      .execute();
    const inClass = new Set(already.map((r) => r.user_id));
    const added = userIds.filter((id) => !inClass.has(id));
    if (added.length === 0) return 0;
    await trx
      .insertInto('class_students')
      .values(added.map((userId) => ({ class_id: classId, user_id: userId, added_at: now })))
      .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
      .execute();
    return added.length;
  });
}

/** Takes students out of a class; how many were in it. */
export async function removeClassStudents(
  db: Db,
  classId: number,
  userIds: number[],
): Promise<number> {
  const result = await db
    .deleteFrom('class_students')
    .where('class_id', '=', classId)
    .where('user_id', 'in', userIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The active students of a class, for sending to it. */
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
