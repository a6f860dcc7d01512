import { heldOnPostgres } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { inSlices, ROWS_PER_INSERT } from '../../db/lists.js';
import type { Recipients } from '../../domain/recipients.js';
import { createSending } from '../../domain/sendings.js';
import type { Tell } from '../../domain/tell.js';

/**
 * How long the writer of an unfinished sending holds it after each slice. A slice takes tens
 * of milliseconds; a hold this long lapses only when its writer is gone (its process killed),
 * and then the sending finisher (sending-finisher.ts) writes the rest.
 */
export const SENDING_HOLD_MS = 60_000;

/**
 * Sends a notification: one row per student (the spec's calls read those), and the same words
 * by push, e-mail and SMS, as each student chose (issue 31).
 *
 * To many students, the rows also name one sending (features/sendings), the item the
 * administrator follows and edits, and they are written a slice of students at a time, each
 * slice its own transaction with its outbox rows: a send to the whole academy (10,000 rows
 * and twice as many outbox rows) would otherwise hold the database, SQLite's one connection,
 * for the best part of a second while every other request waited (bench:day beside the
 * broadcast). The sending and the list of its students are written first, in one
 * transaction, so a sending that is asked for is also finished: if this writer dies between
 * slices, the finisher writes what is left, each student once. Answers when every slice is
 * written, so a send that answers "sent" has been.
 */
export async function sendNotification(
  db: Db,
  to: Pick<Recipients, 'userIds' | 'many'>,
  message: string,
  adminId: number,
  clock: () => number,
  tell: Tell,
): Promise<void> {
  const now = clock();
  if (!to.many) {
    await db.transaction().execute(async (trx) => {
      for (const userIds of inSlices(to.userIds))
        await writeNotifications(trx, userIds, message, null, now, tell);
    });
    return;
  }
  const many = to.many;
  const sendingId = await db.transaction().execute(async (trx) => {
    const id = await createSending(trx, { kind: 'notification', ...many, adminId }, now);
    await trx
      .insertInto('unfinished_sendings')
      .values({
        sending_id: id,
        message,
        user_ids: JSON.stringify(to.userIds),
        written: 0,
        held_until: now + SENDING_HOLD_MS,
      })
      .execute();
    return id;
  });
  await writeRest(db, sendingId, clock, tell);
}

/**
 * Writes what is left of an unfinished sending, a slice at a time, renewing its hold with
 * each; answers the students it wrote. Between slices the requests that queued behind one go
 * first. Two writers at once (one whose hold was thought lapsed) write each student once: a
 * slice reads how far the sending is written under the row's lock (SQLite's transactions
 * are one at a time anyway) and moves it on in the same transaction.
 */
export async function writeRest(
  db: Db,
  sendingId: number,
  clock: () => number,
  tell: Tell,
): Promise<number[]> {
  const written: number[] = [];
  for (;;) {
    const slice = await writeSlice(db, sendingId, clock(), tell);
    if (!slice) return written;
    written.push(...slice);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** One slice of an unfinished sending, in one transaction; null when none is left. */
async function writeSlice(
  db: Db,
  sendingId: number,
  now: number,
  tell: Tell,
): Promise<number[] | null> {
  return db.transaction().execute(async (trx) => {
    const select = trx
      .selectFrom('unfinished_sendings as u')
      .innerJoin('sendings as s', 's.id', 'u.sending_id')
      .select(['u.message', 'u.user_ids', 'u.written', 's.created_at'])
      .where('u.sending_id', '=', sendingId);
    const row = await heldOnPostgres(trx, select, (q) => q.forUpdate()).executeTakeFirst();
    if (!row) return null;
    const everyone = JSON.parse(row.user_ids) as number[];
    const slice = everyone.slice(row.written, row.written + ROWS_PER_INSERT);
    // A student deleted since the send was asked for is left out: their rows would go nowhere.
    const present = new Set(
      slice.length === 0
        ? []
        : (await trx.selectFrom('users').select('id').where('id', 'in', slice).execute()).map(
            (u) => u.id,
          ),
    );
    const students = slice.filter((id) => present.has(id));
    await writeNotifications(
      trx,
      students,
      row.message,
      sendingId,
      // Every copy is from when it was sent; the outbox's letters leave from now.
      row.created_at,
      tell,
    );
    const written = row.written + slice.length;
    // The last slice takes the row with it: the sending is whole.
    if (written >= everyone.length)
      await trx.deleteFrom('unfinished_sendings').where('sending_id', '=', sendingId).execute();
    else
      await trx
        .updateTable('unfinished_sendings')
        .set({ written, held_until: now + SENDING_HOLD_MS })
        .where('sending_id', '=', sendingId)
        .execute();
    return students;
  });
}

/** The notification rows of some students and their outbox rows (at most ROWS_PER_INSERT). */
function writeNotifications(
  trx: Db,
  userIds: number[],
  message: string,
  sendingId: number | null,
  datedAt: number,
  tell: Tell,
): Promise<void> {
  return tell(
    trx,
    userIds.map((userId) => ({
      userId,
      topic: null,
      refId: null,
      text: message,
      datedAt,
      ...(sendingId === null ? {} : { sendingId }),
    })),
  );
}

/**
 * Unfinished sendings whose writer's hold has lapsed, taken for this caller (held anew from
 * `now`): one statement each, so two callers cannot both take one.
 */
export async function takeLapsedSendings(db: Db, now: number): Promise<number[]> {
  const lapsed = await db
    .selectFrom('unfinished_sendings')
    .select('sending_id')
    .where('held_until', '<=', now)
    .orderBy('sending_id')
    .execute();
  const taken: number[] = [];
  for (const { sending_id: id } of lapsed) {
    const result = await db
      .updateTable('unfinished_sendings')
      .set({ held_until: now + SENDING_HOLD_MS })
      .where('sending_id', '=', id)
      .where('held_until', '<=', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) taken.push(id);
  }
  return taken;
}
