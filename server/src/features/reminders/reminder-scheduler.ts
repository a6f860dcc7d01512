import { LeasedJob, type LeasedJobOptions } from '../../db/leases.js';
import type { OutboxSetup } from '../settings/settings-data.js';
import { dueWindow, type ReminderRules } from './reminder-rules.js';
import { sendDueReminders } from './reminders-data.js';

/** The lease's name in scheduler_leases. */
export const DUE_REMINDERS_JOB = 'due-reminders';

interface SchedulerOptions extends LeasedJobOptions {
  /** The rules in force (they follow the settings). */
  rules: () => ReminderRules;
  /** What the academy set up to tell students beyond the app, in force (the settings'). */
  outbox: () => OutboxSetup;
  /** Tells the students reminded (and administrators, whose notification lists grow). */
  notify: (userIds: number[]) => Promise<void>;
}

/**
 * Sends due-date reminders (issue 21 point 6): every minute, on the one instance that holds
 * the lease (db/leases.ts), it sends those whose time has come. Nothing is kept in memory:
 * what was sent is in assignment_reminders, so a restart, or another instance taking over,
 * sends what is left and nothing twice. A run answers the students reminded.
 */
export class ReminderScheduler extends LeasedJob<number[]> {
  protected readonly idle = () => [];

  constructor(private readonly options: SchedulerOptions) {
    super(DUE_REMINDERS_JOB, options);
  }

  protected async work(now: number): Promise<number[]> {
    const rules = this.options.rules();
    const window = dueWindow(now, rules);
    if (!window) return [];
    const reminded = await sendDueReminders(this.options.db, {
      window,
      leadHours: rules.leadHours,
      timeZone: rules.timeZone,
      now,
      outbox: this.options.outbox(),
    });
    if (reminded.length > 0) await this.options.notify(reminded);
    return reminded;
  }
}
