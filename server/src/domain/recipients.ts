import type { RecipientChoice } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import type { Db } from '../db/index.js';
import { badRequest, notFound } from '../http/errors.js';
import type { Audience } from '../live/live.js';
import { activeStudentIdsOfClass, findClassHead } from './classes.js';
import { findUserById } from './people.js';

/**
 * The students a send reaches, and, when they are many, the words the sent item keeps for
 * them (features/sendings): a class's name, "3 students", "Everyone". Every kind of send
 * (assignments, notifications, speaking questions, the SMS estimate) resolves them here.
 */
export interface Recipients {
  userIds: number[];
  /** Null for one chosen student: the spec's own send, kept as the spec's single row. */
  many: { words: string; classId: number | null } | null;
  /** Who they are in words: the class's name, "3 students", "Everyone", or the one's name. */
  words: string;
  /** Whose live streams hear of it. */
  audience: Audience;
}

/**
 * Who a send's payload chose (contract: recipientFields), as student ids: one student, the
 * chosen students, every active student of a class, or (where the call allows) every active
 * student. Refusals say what is wrong in the screen's words (`missing` for one student
 * that is not a student, as the spec's send screens have always said).
 */
export async function resolveRecipients(
  db: Db,
  choice: RecipientChoice,
  missing: string,
): Promise<Recipients> {
  if (typeof choice.user_id === 'number') {
    const student = await findUserById(db, choice.user_id);
    if (!student || student.role_id !== ROLE_ID.user) throw badRequest(missing);
    return {
      userIds: [student.id],
      many: null,
      words: student.name,
      audience: { users: [student.id], admins: true },
    };
  }
  if (choice.user_id === 'all') {
    const userIds = await activeStudentIds(db);
    if (userIds.length === 0) throw badRequest('There are no students to send it to.');
    return {
      userIds,
      many: { words: 'Everyone', classId: null },
      words: 'Everyone',
      audience: { students: true, admins: true },
    };
  }
  if (choice.user_ids) {
    await refuseNonStudents(db, choice.user_ids);
    const n = choice.user_ids.length;
    const words = n === 1 ? '1 student' : `${n} students`;
    return {
      userIds: choice.user_ids,
      many: { words, classId: null },
      words,
      audience: { users: choice.user_ids, admins: true },
    };
  }
  if (choice.class_id !== undefined) {
    const found = await findClassHead(db, choice.class_id);
    if (!found) throw notFound('Class not found.');
    if (found.is_archived) throw badRequest(`The class ${found.name} is archived.`);
    const userIds = await activeStudentIdsOfClass(db, found.id);
    if (userIds.length === 0) throw badRequest(`The class ${found.name} has no students yet.`);
    return {
      userIds,
      many: { words: found.name, classId: found.id },
      words: found.name,
      audience: { users: userIds, admins: true },
    };
  }
  // The payload's schema lets no send through without a choice.
  throw badRequest(missing);
}

/** A 400 naming what is wrong when any of `userIds` is not a student (unknown, or an admin). */
export async function refuseNonStudents(db: Db, userIds: number[]): Promise<void> {
  const wrong = await notStudents(db, userIds);
  if (wrong.length === 1) throw badRequest(`User ${wrong[0]} is not a student.`);
  if (wrong.length > 1) throw badRequest(`${wrong.length} of the chosen users are not students.`);
}

/** Of `userIds`, those that are not students (unknown ids and administrators). */
async function notStudents(db: Db, userIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where('role_id', '=', ROLE_ID.user)
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return userIds.filter((id) => !found.has(id));
}

async function activeStudentIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', ROLE_ID.user)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
