import { quietMinutesLeft } from '@academy/contract/quiet-hours';
import { formatterFor } from '../../db/time.js';

const HOUR_MS = 3_600_000;

/** What decides which reminders go: from the academy's settings. */
export interface ReminderRules {
  /** Hours before the due time; 0: no reminders. */
  leadHours: number;
  timeZone: string;
  quietHours: { from: string; to: string } | null;
}

/** The due times whose reminders go now: after `after`, up to `upTo` (both instants). */
export interface DueWindow {
  after: number;
  upTo: number;
}

/**
 * Which due times are reminded at `now`: work due within the lead time from now, and not yet
 * due (a reminder after the due time would say nothing the Overdue state does not). During
 * quiet hours only the work due before they end is reminded, since its reminder cannot wait;
 * the rest waits for them to end. Null when no reminders go.
 *
 * The scheduler asks this every minute, so a reminder goes within a minute of its time, or,
 * after an instance was down, as soon as one runs again, provided the work is not yet due.
 */
export function dueWindow(now: number, rules: ReminderRules): DueWindow | null {
  if (rules.leadHours <= 0) return null;
  let upTo = now + rules.leadHours * HOUR_MS;
  const quietLeft = quietMinutesLeft(
    now,
    rules.timeZone,
    rules.quietHours?.from,
    rules.quietHours?.to,
  );
  if (quietLeft > 0) {
    // Zones differ from UTC by whole minutes, so the minute on their clocks starts with UTC's.
    const quietEnds = now - (now % 60_000) + quietLeft * 60_000;
    upTo = Math.min(upTo, quietEnds);
  }
  return { after: now, upTo };
}

/**
 * Whether an assignment given at `givenAt` and due at `dueAt` is ever reminded: only if it was
 * given before its reminder time. One given within the lead time (due tomorrow, given today)
 * has just been announced; a reminder minutes later would be noise.
 */
export function isRemindable(givenAt: number, dueAt: number, leadHours: number): boolean {
  return leadHours > 0 && givenAt < dueAt - leadHours * HOUR_MS;
}

/** The reminder's words: what is due and when, on the academy's clock. */
export function reminderMessage(title: string, dueAt: number, timeZone: string): string {
  const when = formatterFor('due words', timeZone, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(dueAt);
  return `Reminder: "${title}" is due ${when}. Hand in your work before then.`;
}
