import { ROLE_ID } from '@academy/contract/constants';
import type { Db } from '../../db/index.js';
import { ROWS_PER_INSERT } from '../../db/lists.js';
import { isHandedIn } from '../assignments/work-fields.js';
import { queueMessages } from '../messages/outbox-data.js';
import type { OutboxSetup } from '../settings/settings-data.js';
import { type DueWindow, reminderMessage } from './reminder-rules.js';

const HOUR_MS = 3_600_000;

export interface DueReminderRun {
  window: DueWindow;
  leadHours: number;
  timeZone: string;
  now: number;
  /** What the academy set up to tell a student beyond the app (settings.current.outbox). */
  outbox: OutboxSetup;
}

/**
 * Sends the due-date reminders whose time has come: one notification to each active student
 * whose assignment falls due in the window, was given before its reminder time, has no work
 * handed in that names it, and was never reminded. Answers the students reminded.
 *
 * Once only, whoever runs it: each slice is one transaction that first records the reminders
 * (the assignment is the key) and then notifies exactly those it recorded, so two runs at the
 * same moment (on two instances, or one restarted) cannot both notify, and nothing is
 * recorded without its notification. Slices keep a run over a whole academy's broadcast
 * (10,000 copies of one assignment) to short transactions.
 */
export async function sendDueReminders(db: Db, run: DueReminderRun): Promise<number[]> {
  const reminded: number[] = [];
  const leadMs = run.leadHours * HOUR_MS;
  for (;;) {
    const due = await db
      .selectFrom('assignments as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.user_id', 'a.title', 'a.due_at'])
      .where('a.due_at', '>', run.window.after)
      .where('a.due_at', '<=', run.window.upTo)
      // Given before its reminder time (reminder-rules.ts, isRemindable).
      .where((eb) => eb('a.created_at', '<', eb('a.due_at', '-', leadMs)))
      .where('u.is_active', '=', 1)
      .where('u.role_id', '=', ROLE_ID.user)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('assignment_reminders as r')
              .select('r.assignment_id')
              .whereRef('r.assignment_id', '=', 'a.id'),
          ),
        ),
      )
      // Nothing handed in that names it (View Assignments' rule: work-fields.ts).
      .where((eb) => eb.not(isHandedIn('a.id')))
      .orderBy('a.id')
      .limit(ROWS_PER_INSERT)
      .execute();
    if (due.length === 0) break;
    const sent = await db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('assignment_reminders')
        .values(due.map((a) => ({ assignment_id: a.id, sent_at: run.now })))
        .onConflict((conflict) => conflict.column('assignment_id').doNothing())
        .returning('assignment_id')
        .execute();
      const mine = new Set(recorded.map((r) => r.assignment_id));
      const toSend = due.filter((a) => mine.has(a.id));
      if (toSend.length > 0) {
        // PostgreSQL's bigint arrives as text.
        const told = toSend.map((a) => ({
          a,
          message: reminderMessage(a.title, Number(a.due_at), run.timeZone),
        }));
        await trx
          .insertInto('notifications')
          .values(
            told.map(({ a, message }) => ({
              user_id: a.user_id,
              message,
              created_at: run.now,
              read_at: null,
              sending_id: null,
              // It names the assignment, which the app opens from it (issue 27).
              topic: 'reminder',
              ref_id: a.id,
            })),
          )
          .execute();
        // And by the channels each student chose, in the same transaction (issue 31).
        await queueMessages(
          trx,
          told.map(({ a, message }) => ({
            userId: a.user_id,
            topic: 'reminder',
            refId: a.id,
            text: message,
          })),
          run.now,
          run.outbox,
        );
      }
      return toSend.map((a) => a.user_id);
    });
    reminded.push(...sent);
    if (due.length < ROWS_PER_INSERT) break;
  }
  return [...new Set(reminded)];
}
