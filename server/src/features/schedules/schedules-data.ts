import { ROLE_ID } from '@academy/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

export type StudentLookup =
  | { found: { id: number; name: string } }
  | { problem: 'none' | 'unknown' | 'ambiguous' };

/**
 * The student a schedule call means: by id, or by the name the spec's calls send (exact,
 * any case). A name two students share is refused rather than guessed.
 */
export async function findStudent(
  db: Db,
  by: { userId?: number; name?: string },
): Promise<StudentLookup> {
  let query = db.selectFrom('users').select(['id', 'name']).where('role_id', '=', ROLE_ID.user);
  if (by.userId !== undefined) query = query.where('id', '=', by.userId);
  else if (by.name) query = query.where(sql`lower(trim(name))`, '=', by.name.trim().toLowerCase());
  else return { problem: 'none' };
  const rows = await query.limit(2).execute();
  if (rows.length === 0) return { problem: 'unknown' };
  if (rows.length > 1) return { problem: 'ambiguous' };
  return { found: rows[0] as { id: number; name: string } };
}

export function listSessions(db: Db, userId: number) {
  return db
    .selectFrom('schedule_sessions')
    .select([
      'id as session_id',
      'session_number',
      'session_day',
      'session_date',
      'session_time',
      'status',
    ])
    .where('user_id', '=', userId)
    .orderBy('session_number')
    .execute();
}

export interface SessionValues {
  session_number: number;
  session_day: string;
  session_date: string;
  session_time: string;
  status: string;
}

/**
 * Saves a student's sessions in one transaction: a number already there is updated, a new one
 * added; sessions not in the list are kept (saving never deletes by accident).
 */
export function saveSessions(
  db: Db,
  userId: number,
  sessions: SessionValues[],
  now: number,
): Promise<void> {
  return saveSessionsOfStudents(db, [{ userId, sessions }], now);
}

/** saveSessions for several students at once, all or nothing (a class's weekly pattern). */
export async function saveSessionsOfStudents(
  db: Db,
  students: { userId: number; sessions: SessionValues[] }[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { userId, sessions } of students) {
      for (const session of sessions) {
        await trx
          .insertInto('schedule_sessions')
          .values({ user_id: userId, ...session, created_at: now, updated_at: now })
          .onConflict((oc) =>
            oc.columns(['user_id', 'session_number']).doUpdateSet({
              session_day: session.session_day,
              session_date: session.session_date,
              session_time: session.session_time,
              status: session.status,
              updated_at: now,
            }),
          )
          .execute();
      }
    }
  });
}

/** Each student's highest session number (0 for a student with none). */
export async function lastSessionNumbers(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const last = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return last;
  const rows = await db
    .selectFrom('schedule_sessions')
    .select((eb) => ['user_id', eb.fn.max('session_number').as('last')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  for (const row of rows) last.set(row.user_id, Number(row.last));
  return last;
}

export type UpdateOutcome = 'updated' | 'missing' | 'number-taken';

/**
 * Edits one session, its number included; a number another session has is refused. The
 * unique index on (student, number) decides, so two admins moving different sessions to the
 * same free number at once get 'number-taken' for the second, not a database error.
 */
export async function updateSession(
  db: Db,
  userId: number,
  originalNumber: number,
  values: SessionValues,
  now: number,
): Promise<UpdateOutcome> {
  try {
    const result = await db
      .updateTable('schedule_sessions')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('session_number', '=', originalNumber)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 0 ? 'missing' : 'updated';
  } catch (error) {
    if (values.session_number !== originalNumber) {
      const clash = await db
        .selectFrom('schedule_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('session_number', '=', values.session_number)
        .executeTakeFirst();
      if (clash) return 'number-taken';
    }
    throw error;
  }
}

/** Deletes one session of a student by its number; false when they have no such session. */
export async function deleteSession(db: Db, userId: number, sessionNumber: number) {
  const result = await db
    .deleteFrom('schedule_sessions')
    .where('user_id', '=', userId)
    .where('session_number', '=', sessionNumber)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
