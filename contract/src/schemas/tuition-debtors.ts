import { z } from 'zod';
import {
  PAYMENT_REMINDER_DAYS_MAX,
  PAYMENT_REMINDER_FIELDS,
  reminderTextProblem,
} from '../tuition/reminders.js';
import {
  CsvFileResponse,
  defineSchemas,
  FileBytes,
  Id,
  NoPayload,
  OptionalId,
  Page,
  SuccessResponse,
  wholeNumber,
} from './common.js';
import { CurrencyView } from './tuition.js';

/**
 * New (issue 52, point 5): who owes. The debtors list, its files and a reminder to the payers
 * it filters, on the wire. Amounts are whole numbers of the currency's minor unit.
 */

/** The most days overdue a filter may ask for (ten years). */
export const DEBTORS_DAYS_MAX = 3650;

/** Rows on a page of the debtors list. */
export const DEBTORS_PAGE_SIZE = 50;

/** The list's filters: every one optional; the files and the reminder take the same. */
export const DebtorsFilters = z.object({
  /** Payers in the class now, or charged its fees. */
  class_id: OptionalId,
  /** Only the charges of this term count: what is owed on them, and their instalments. */
  term_id: OptionalId,
  /** Only payers at least this many days overdue (0: every debtor). */
  min_days_overdue: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    wholeNumber({
      least: 0,
      leastWords: 0,
      most: DEBTORS_DAYS_MAX,
      tooBig: `must be at most ${DEBTORS_DAYS_MAX}`,
      digits: 6,
    }).optional(),
  ),
});
export type DebtorsFilters = z.infer<typeof DebtorsFilters>;

export const ListDebtorsRequest = DebtorsFilters.extend({ page: Page.default(1) });

export const Debtor = z.object({
  student_id: Id,
  name: z.string(),
  /** The classes the payer is in now, by name. */
  classes: z.array(z.string()),
  /** What the payer owes (more than 0), of the term's charges when filtered by term. */
  balance: z.number(),
  /** Today less the earliest due day of an instalment still outstanding and past; 0: none. */
  days_overdue: z.number().int(),
  /** What is outstanding on the instalments whose due day has passed. */
  overdue: z.number(),
  /** The first instalment still outstanding whose due day is today or to come, or null. */
  next: z.object({ label: z.string(), due_day: z.string(), outstanding: z.number() }).nullable(),
});
export type Debtor = z.infer<typeof Debtor>;

/** Over every row the filters keep, not only the page's. */
export const DebtorsTotals = z.object({
  count: z.number().int(),
  balance: z.number(),
  overdue: z.number(),
});

export const ListDebtorsResponse = z.object({
  success: z.literal(true),
  /** The academy's currency; null until it is set on Settings. */
  currency: CurrencyView.nullable(),
  /** The academy's today, which days overdue count to. */
  today: z.string(),
  rows: z.array(Debtor),
  page: z.number().int(),
  has_more: z.boolean(),
  totals: DebtorsTotals,
});

export const DebtorReminderEstimateResponse = z.object({
  success: z.literal(true),
  /** The payers a reminder would tell. */
  count: z.number().int(),
  /** Whether SMS is set up at all (false: a reminder queues none, and the rest is 0). */
  sms_ready: z.boolean(),
  /** About how many SMS the reminder would queue: to payers who chose SMS, and to guardians. */
  estimate: z.number().int(),
  /** The monthly cap; 0: none. */
  cap: z.number().int(),
  /** How many are left this month under the cap; null: no cap. */
  left: z.number().int().nullable(),
});

export const RemindDebtorsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The payers told. */
  told: z.number().int(),
});

const reminderDays = (which: string) =>
  wholeNumber({
    least: 0,
    leastWords: 0,
    most: PAYMENT_REMINDER_DAYS_MAX,
    tooBig: `must be at most ${PAYMENT_REMINDER_DAYS_MAX} (${which})`,
    digits: 3,
  });

const reminderText = (which: 'before' | 'overdue') =>
  z
    .string({ error: 'The reminder’s words must be text.' })
    .superRefine((text, ctx) => {
      const problem = reminderTextProblem(text, which);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
    })
    .transform((text) => text.trim());

/**
 * The academy's automatic payment reminders (tuition/reminders.ts): days before each
 * instalment's due day, days after it, 0 for none, and the words of each.
 */
export const PaymentReminderRules = z.object({
  days_before: reminderDays('days before the due day'),
  days_overdue: reminderDays('days after the due day'),
  before_text: reminderText('before'),
  overdue_text: reminderText('overdue'),
});

export const GetPaymentRemindersResponse = z.object({
  success: z.literal(true),
  rules: PaymentReminderRules,
  /** The fields the words may name, in braces. */
  fields: z.array(z.enum(PAYMENT_REMINDER_FIELDS)),
  /** When they were last saved, and by whom; null: never (the defaults, switched off). */
  saved: z.object({ at: z.number(), by: z.string() }).nullable(),
});

export const tuitionDebtorSchemas = defineSchemas({
  getPaymentReminders: { request: NoPayload, response: GetPaymentRemindersResponse },
  savePaymentReminders: { request: PaymentReminderRules, response: SuccessResponse },
  listDebtors: { request: ListDebtorsRequest, response: ListDebtorsResponse },
  exportDebtors: { request: DebtorsFilters, response: CsvFileResponse },
  exportDebtorsXlsx: { request: DebtorsFilters, response: FileBytes },
  estimateDebtorReminder: { request: DebtorsFilters, response: DebtorReminderEstimateResponse },
  remindDebtors: { request: DebtorsFilters, response: RemindDebtorsResponse },
});
