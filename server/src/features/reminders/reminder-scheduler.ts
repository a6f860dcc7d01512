import type { Db } from '../../db/index.js';
import { type LeasedWorker, leasedWorker } from '../../db/leased-worker.js';
import type { Tell } from '../../domain/tell.js';
import type { Warn } from '../../warn.js';
import { dueWindow, type ReminderRules } from './reminder-rules.js';
import { sendDueReminders } from './reminders-data.js';

/** The lease's name in scheduler_leases. */
export const DUE_REMINDERS_JOB = 'due-reminders';

interface SchedulerOptions {
  db: Db;
  now: () => number;
  /** How often it looks; 0: never on its own (tests run it by hand). */
  everyMs: number;
  warn: Warn;
  /** The rules in force (they follow the settings). */
  rules: () => ReminderRules;
  /** Tells the students reminded (the app's teller, bound to the settings in force). */
  tell: Tell;
  /** Tells the students reminded (and administrators, whose notification lists grow). */
  notify: (userIds: number[]) => Promise<void>;
}

/**
 * Sends due-date reminders (issue 21 point 6): every minute, on the one instance that holds
 * the lease (db/leased-worker.ts), it sends those whose time has come. Nothing is kept in
 * memory: what was sent is in assignment_reminders, so a restart, or another instance taking
 * over, sends what is left and nothing twice. A run answers the students reminded.
 */
export function reminderScheduler(options: SchedulerOptions): LeasedWorker<number[]> {
  return leasedWorker({
    ...options,
    name: DUE_REMINDERS_JOB,
    idle: () => [],
    run: async (now) => {
      const rules = options.rules();
      const window = dueWindow(now, rules);
      if (!window) return [];
      const reminded = await sendDueReminders(options.db, {
        window,
        leadHours: rules.leadHours,
        timeZone: rules.timeZone,
        now,
        tell: options.tell,
      });
      if (reminded.length > 0) await options.notify(reminded);
      return reminded;
    },
  });
}
