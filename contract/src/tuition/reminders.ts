/**
 * Automatic payment reminders (issue 52, point 5): a few days before each instalment falls
 * due, and once when it is overdue, in the academy's own words. Pure and without zod, like
 * limits.ts: the debtors screen's form shows these problems and a preview before saving, and
 * the server holds the same rules and fills the same words.
 */

/** The most days before or after a due day a reminder may be set for. */
export const PAYMENT_REMINDER_DAYS_MAX = 60;

/** The longest wording: two SMS parts, as the guardians' messages are held to. */
export const PAYMENT_REMINDER_TEXT_MAX = 300;

/**
 * How many days late the overdue reminder may still go: an instance that was down, or
 * reminders switched on, reaches back this far and no further, so switching them on does not
 * send a year of old debts at once (the debtors list's reminder is for those).
 */
export const PAYMENT_REMINDER_CATCH_UP_DAYS = 7;

/** What the wording may name, each written in braces: {part}. */
export const PAYMENT_REMINDER_FIELDS = [
  'name',
  'part',
  'amount',
  'due',
  'balance',
  'academy',
] as const;
export type PaymentReminderField = (typeof PAYMENT_REMINDER_FIELDS)[number];

/** Each field in words, for the form's help. */
export const PAYMENT_REMINDER_FIELD_WORDS: Record<PaymentReminderField, string> = {
  name: 'the student’s name',
  part: 'the instalment’s label',
  amount: 'what is still owed of it',
  due: 'its due day',
  balance: 'everything the payer owes',
  academy: 'the academy’s name',
};

export interface PaymentReminderRules {
  /** Days before the due day the first reminder goes; 0: none. */
  days_before: number;
  /** Days after the due day the overdue reminder goes; 0: none. */
  days_overdue: number;
  before_text: string;
  overdue_text: string;
}

/**
 * An academy that has saved nothing: no reminders, and these words ready to switch on. They
 * speak to the student ("Your…"), which the channels turn for a guardian into "Sara's…", and
 * leave out the academy's name, which the SMS and e-mail put first.
 */
export const DEFAULT_PAYMENT_REMINDERS: PaymentReminderRules = {
  days_before: 0,
  days_overdue: 0,
  before_text: 'Your {part} payment of {amount} is due on {due}. Thank you.',
  overdue_text:
    'Your {part} payment of {amount} was due on {due} and is not paid yet. Balance: {balance}.',
};

const FIELD = /\{([^{}]*)\}/g;

/** The wording's problem in a sentence, or null: not empty, not too long, known fields only. */
export function reminderTextProblem(text: string, which: 'before' | 'overdue'): string | null {
  const name = which === 'before' ? 'The reminder before the due day' : 'The overdue reminder';
  if (text.trim() === '') return `${name} needs its words.`;
  if (text.length > PAYMENT_REMINDER_TEXT_MAX)
    return `${name} must be at most ${PAYMENT_REMINDER_TEXT_MAX} characters.`;
  for (const [, field] of text.matchAll(FIELD))
    if (!(PAYMENT_REMINDER_FIELDS as readonly string[]).includes(field ?? ''))
      return `${name} names {${field}}, which is not one of ${PAYMENT_REMINDER_FIELDS.map((f) => `{${f}}`).join(', ')}.`;
  return null;
}

/** The words with each {field} filled in; text around them is kept as written. */
export function fillReminder(text: string, values: Record<PaymentReminderField, string>): string {
  return text
    .replace(FIELD, (whole, field: string) =>
      field in values ? values[field as PaymentReminderField] : whole,
    )
    .trim();
}
