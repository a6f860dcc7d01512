import { ROLE_ID } from '@academy/contract/constants';
import type { Db } from '../../db/index.js';
import { ROWS_PER_INSERT } from '../../db/lists.js';
import type { Tell } from '../../domain/tell.js';
import { isHandedIn } from '../assignments/work-fields.js';
import { type DueWindow, reminderMessage } from './reminder-rules.js';

const HOUR_MS = 3_600_000;

export interface DueReminderRun {
  window: DueWindow;
  leadHours: number;
  timeZone: string;
  now: number;
  /** Tells the students reminded, in the transaction that records the reminders. */
  tell: Tell;
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
        // A notification each, naming the assignment the app opens from it (issue 27), and
        // by the channels each student chose (issue 31).
        await run.tell(
          trx,
          told.map(({ a, message }) => ({
            userId: a.user_id,
            topic: 'reminder' as const,
            refId: a.id,
            text: message,
          })),
        );
      }
      return toSend.map((a) => a.user_id);
    });
    reminded.push(...sent);
    if (due.length < ROWS_PER_INSERT) break;
  }
  return [...new Set(reminded)];
}
