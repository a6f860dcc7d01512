import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_REMINDERS,
  fillReminder,
  PAYMENT_REMINDER_TEXT_MAX,
  reminderTextProblem,
} from './reminders.js';

const values = {
  name: 'Ana',
  part: 'Week 4',
  amount: '3,000,000 IRR',
  due: '2026-10-18',
  balance: '10,000,000 IRR',
  academy: 'Bright',
};

describe('a payment reminder’s words', () => {
  it('fill every field they name, as often as named, and keep the rest as written', () => {
    expect(fillReminder('{academy}: {part} ({amount}) for {name}, {name}.', values)).toBe(
      'Bright: Week 4 (3,000,000 IRR) for Ana, Ana.',
    );
    expect(fillReminder(DEFAULT_PAYMENT_REMINDERS.overdue_text, values)).toBe(
      'Your Week 4 payment of 3,000,000 IRR was due on 2026-10-18 and is not paid yet. ' +
        'Balance: 10,000,000 IRR.',
    );
    // A brace that names no field is text (the check below refuses it before saving).
    expect(fillReminder('Pay {soon} {}', values)).toBe('Pay {soon} {}');
  });

  it('have no problem in the defaults', () => {
    expect(reminderTextProblem(DEFAULT_PAYMENT_REMINDERS.before_text, 'before')).toBeNull();
    expect(reminderTextProblem(DEFAULT_PAYMENT_REMINDERS.overdue_text, 'overdue')).toBeNull();
  });

  it('are refused empty, too long, or naming a field there is none of', () => {
    expect(reminderTextProblem(' \n', 'before')).toBe(
      'The reminder before the due day needs its words.',
    );
    expect(reminderTextProblem('x'.repeat(PAYMENT_REMINDER_TEXT_MAX + 1), 'overdue')).toBe(
      `The overdue reminder must be at most ${PAYMENT_REMINDER_TEXT_MAX} characters.`,
    );
    expect(reminderTextProblem('Pay {Amount}', 'overdue')).toBe(
      'The overdue reminder names {Amount}, which is not one of {name}, {part}, {amount}, ' +
        '{due}, {balance}, {academy}.',
    );
    expect(reminderTextProblem('x'.repeat(PAYMENT_REMINDER_TEXT_MAX), 'before')).toBeNull();
  });
});
