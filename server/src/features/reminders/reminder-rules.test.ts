import { describe, expect, it } from 'vitest';
import { dueWindow, isRemindable, type ReminderRules, reminderMessage } from './reminder-rules.js';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
const rules = (over: Partial<ReminderRules> = {}): ReminderRules => ({
  leadHours: 24,
  timeZone: 'UTC',
  quietHours: null,
  ...over,
});
/** Whether work due at `due` is reminded by a run at `now`. */
const remindedAt = (now: string, due: string, over: Partial<ReminderRules> = {}) => {
  const window = dueWindow(at(now), rules(over));
  return window !== null && at(due) > window.after && at(due) <= window.upTo;
};

describe('when a due-date reminder goes', () => {
  it('goes once the lead time before the due time has come, and not before', () => {
    expect(remindedAt('2026-11-25T16:59:00Z', '2026-11-26T17:00:00Z')).toBe(false);
    expect(remindedAt('2026-11-25T17:00:00Z', '2026-11-26T17:00:00Z')).toBe(true);
    expect(remindedAt('2026-11-26T09:00:00Z', '2026-11-26T17:00:00Z')).toBe(true);
  });

  it('follows the lead time the administrator chose', () => {
    const due = '2026-11-26T17:00:00Z';
    expect(remindedAt('2026-11-26T13:00:00Z', due, { leadHours: 3 })).toBe(false);
    expect(remindedAt('2026-11-26T14:00:00Z', due, { leadHours: 3 })).toBe(true);
    expect(remindedAt('2026-11-19T17:00:00Z', due, { leadHours: 168 })).toBe(true);
  });

  it('never goes once the work is due, nor when reminders are off', () => {
    expect(remindedAt('2026-11-26T17:00:00Z', '2026-11-26T17:00:00Z')).toBe(false);
    expect(remindedAt('2026-11-26T18:00:00Z', '2026-11-26T17:00:00Z')).toBe(false);
    expect(dueWindow(at('2026-11-26T09:00:00Z'), rules({ leadHours: 0 }))).toBeNull();
  });

  it('waits for quiet hours to end, unless the work is due before they do', () => {
    const quiet = { quietHours: { from: '22:00', to: '07:00' } };
    // 23:00: quiet until 07:00 tomorrow. Due at 09:00: waits; due at 06:00: cannot wait.
    expect(remindedAt('2026-11-25T23:00:00Z', '2026-11-26T09:00:00Z', quiet)).toBe(false);
    expect(remindedAt('2026-11-25T23:00:00Z', '2026-11-26T06:00:00Z', quiet)).toBe(true);
    expect(remindedAt('2026-11-25T23:00:00Z', '2026-11-26T07:00:00Z', quiet)).toBe(true);
    // At 07:00 the quiet hours are over: the one due at 09:00 goes.
    expect(remindedAt('2026-11-26T07:00:00Z', '2026-11-26T09:00:00Z', quiet)).toBe(true);
  });

  it("reads quiet hours on the academy's clock", () => {
    // 20:30 UTC is midnight in Tehran (UTC+3:30): quiet there until 07:00, 03:30 UTC.
    const tehran = { timeZone: 'Asia/Tehran', quietHours: { from: '22:00', to: '07:00' } };
    expect(remindedAt('2026-11-25T20:30:00Z', '2026-11-26T05:00:00Z', tehran)).toBe(false);
    expect(remindedAt('2026-11-25T20:30:00Z', '2026-11-26T03:30:00Z', tehran)).toBe(true);
    expect(remindedAt('2026-11-25T20:30:00Z', '2026-11-26T05:00:00Z')).toBe(true);
  });

  it('is for work given before its reminder time, not work given within the lead time', () => {
    const due = at('2026-11-26T17:00:00Z');
    expect(isRemindable(due - 48 * HOUR, due, 24)).toBe(true);
    expect(isRemindable(due - 24 * HOUR, due, 24)).toBe(false);
    expect(isRemindable(due - 2 * HOUR, due, 24)).toBe(false);
    expect(isRemindable(due - 2 * HOUR, due, 1)).toBe(true);
    expect(isRemindable(due - 48 * HOUR, due, 0)).toBe(false);
  });

  it('says what is due and when, on the academy clock', () => {
    // 17:00 UTC is 20:30 in Tehran.
    expect(reminderMessage('Essay', at('2026-11-26T17:00:00Z'), 'Asia/Tehran')).toMatch(
      /^Reminder: "Essay" is due Thursday, November 26(,| at) 8:30\sPM\. Hand in your work before then\.$/,
    );
  });
});
