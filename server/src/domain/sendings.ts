import type { SendingKind } from '@academy/contract';
import type { Db } from '../db/index.js';

/**
 * A send to many students keeps one `sendings` row (its words: the class's name, "3 students",
 * "Everyone"), and each student's row (an assignment, a notification) names it. Every kind of
 * send starts its sending here, inside the send's transaction; features/sendings lists them, opens
 * one and edits what was sent.
 */

export interface NewSending {
  kind: SendingKind;
  words: string;
  classId: number | null;
  adminId: number;
}

/** Starts a sending: its rows (assignments, notifications) name the id this returns. */
export async function createSending(db: Db, sending: NewSending, now: number): Promise<number> {
  const row = await db
    .insertInto('sendings')
    .values({
      kind: sending.kind,
      recipients: sending.words,
      class_id: sending.classId,
      created_at: now,
      created_by: sending.adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
