import { MAX_GUARDIANS } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import type { MessageKind } from '@academy/contract/messages';
import type { Db } from '../../db/index.js';
import { formatTimestamp } from '../../db/time.js';
import { badRequest, notFound } from '../../http/errors.js';

/**
 * A student's guardians (issue 31, point 4), and which kinds of message also go to them
 * (academy_settings.guardian_kinds; read with the settings' outbox setup, domain/tell.ts).
 */

/** A 404 unless `userId` is a student (a teacher or an administrator has no guardians). */
export async function requireStudent(db: Db, userId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role_id', '=', ROLE_ID.user)
    .executeTakeFirst();
  if (!user) throw notFound('Student not found.');
}

export async function listGuardians(db: Db, studentId: number) {
  const rows = await db
    .selectFrom('guardians')
    .select(['id', 'name', 'phone', 'email', 'created_at'])
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
  return rows.map((g) => ({ ...g, created_at: formatTimestamp(Number(g.created_at)) }));
}

export interface GuardianFields {
  name: string;
  phone: string | null;
  email: string | null;
}

/** Adds a guardian to a student's record (at most MAX_GUARDIANS); the new id. */
export async function addGuardian(
  db: Db,
  studentId: number,
  fields: GuardianFields,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Two admins adding at once may pass the count together; one over the limit is harmless.
    const row = await trx
      .selectFrom('guardians')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    if (Number(row?.n ?? 0) >= MAX_GUARDIANS)
      throw badRequest(`A student has at most ${MAX_GUARDIANS} guardians.`);
    const added = await trx
      .insertInto('guardians')
      .values({ student_id: studentId, ...fields, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return added.id;
  });
}

/** Changes one of the student's guardians; 404 when it is not one of theirs. */
export async function changeGuardian(
  db: Db,
  studentId: number,
  guardianId: number,
  fields: GuardianFields,
): Promise<void> {
  const result = await db
    .updateTable('guardians')
    .set(fields)
    .where('id', '=', guardianId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Guardian not found.');
}

/**
 * Removes one of the student's guardians; 404 when it is not one of theirs. What waits in the
 * outbox for them goes with them (the foreign key cascades).
 */
export async function deleteGuardian(db: Db, studentId: number, guardianId: number) {
  const result = await db
    .deleteFrom('guardians')
    .where('id', '=', guardianId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Guardian not found.');
}

export async function saveGuardianKinds(db: Db, kinds: MessageKind[], by: number, now: number) {
  await db
    .updateTable('academy_settings')
    .set({ guardian_kinds: JSON.stringify(kinds), updated_at: now, updated_by: by })
    .where('id', '=', 1)
    .execute();
}
