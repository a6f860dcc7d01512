import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.js';
import { holdLease, releaseLease } from '../../db/leases.js';
import { dueWindow, type ReminderRules } from './reminder-rules.js';
import { sendDueReminders } from './reminders-data.js';

/** The lease's name in scheduler_leases. */
export const DUE_REMINDERS_JOB = 'due-reminders';

interface SchedulerOptions {
  db: Db;
  now: () => number;
  /** The rules in force (they follow the settings). */
  rules: () => ReminderRules;
  /** How often it looks; 0: never on its own (tests run it by hand). */
  everyMs: number;
  /** Tells the students reminded (and administrators, whose notification lists grow). */
  notify: (userIds: number[]) => Promise<void>;
  warn: (error: unknown, message: string) => void;
}

/**
 * Sends due-date reminders (issue 21 point 6): every minute, on the one instance that holds
 * the lease (db/leases.ts), it sends those whose time has come. Nothing is kept in memory:
 * what was sent is in assignment_reminders, so a restart, or another instance taking over,
 * sends what is left and nothing twice.
 */
export class ReminderScheduler {
  /** This instance, as a lease holder. */
  private readonly holder = randomBytes(8).toString('hex');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number[]> | undefined;

  constructor(private readonly options: SchedulerOptions) {}

  /** The lease outlives a missed run or two, and lapses soon after its holder is gone. */
  private get leaseMs(): number {
    return 3 * Math.max(this.options.everyMs, 60_000);
  }

  start(): void {
    if (this.options.everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.options.everyMs);
    this.timer.unref();
    void this.runOnce();
  }

  /**
   * One look: if this instance holds the lease, sends the reminders due now; the students
   * reminded (none when another instance holds it). A run still going is waited for, not
   * doubled. Failures are logged: the next run tries again.
   */
  runOnce(): Promise<number[]> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops looking and gives the lease up, so another instance takes over at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    await releaseLease(this.options.db, DUE_REMINDERS_JOB, this.holder).catch((error) =>
      this.options.warn(error, 'could not give up the reminders lease'),
    );
  }

  private async run(): Promise<number[]> {
    const { db, now: clock, warn } = this.options;
    try {
      const now = clock();
      if (!(await holdLease(db, DUE_REMINDERS_JOB, this.holder, now, this.leaseMs))) return [];
      const rules = this.options.rules();
      const window = dueWindow(now, rules);
      if (!window) return [];
      const reminded = await sendDueReminders(db, {
        window,
        leadHours: rules.leadHours,
        timeZone: rules.timeZone,
        now,
      });
      if (reminded.length > 0) await this.options.notify(reminded);
      return reminded;
    } catch (error) {
      warn(error, 'could not send due-date reminders; the next run tries again');
      return [];
    }
  }
}
