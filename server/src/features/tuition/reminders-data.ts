import { balanceOf, outstandingOf } from '@academy/contract/tuition/ledger';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import {
  DEFAULT_PAYMENT_REMINDERS,
  fillReminder,
  PAYMENT_REMINDER_CATCH_UP_DAYS,
  type PaymentReminderRules,
} from '@academy/contract/tuition/reminders';
import type { Db } from '../../db/index.js';
import { ROWS_PER_INSERT } from '../../db/lists.js';
import { addDays } from '../../db/time.js';
import { holdPeople } from '../../domain/people.js';
import type { Tell } from '../../domain/tell.js';
import { ledgersOf } from './ledger-data.js';

/**
 * Automatic payment reminders (issue 52, point 5; migration 0057): the academy's rules, and a
 * run that tells each payer of an instalment whose day has come. Each instalment is looked at
 * once per kind ('before', 'overdue'): the row in instalment_reminders is written in the
 * transaction that tells, so two runs at once (two instances, a restart) tell once, and an
 * instalment found paid (outcome 'skipped') is not looked at again.
 */

const RULES_ID = 1;

/** The academy's rules and when they were saved; the defaults (off) until they are. */
export async function readReminderRules(db: Db): Promise<{
  rules: PaymentReminderRules;
  saved: { at: number; by: string } | null;
}> {
  const row = await db
    .selectFrom('payment_reminder_rules')
    .selectAll()
    .where('id', '=', RULES_ID)
    .executeTakeFirst();
  if (!row) return { rules: DEFAULT_PAYMENT_REMINDERS, saved: null };
  return {
    rules: {
      days_before: row.days_before,
      days_overdue: row.days_overdue,
      before_text: row.before_text,
      overdue_text: row.overdue_text,
    },
    saved: { at: Number(row.updated_at), by: row.updated_by_name },
  };
}

export async function saveReminderRules(
  db: Db,
  rules: PaymentReminderRules,
  byName: string,
  now: number,
): Promise<void> {
  const values = { ...rules, updated_by_name: byName, updated_at: now };
  await db
    .insertInto('payment_reminder_rules')
    .values({ id: RULES_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

type Kind = 'before' | 'overdue';

/**
 * The due days whose reminders go on `today`, both ends included. Before: the parts due from
 * today to `days_before` ahead (a day missed while no instance ran is caught up, since a part
 * is looked at once). Overdue: those due `days_overdue` days ago, or up to
 * PAYMENT_REMINDER_CATCH_UP_DAYS earlier, and no further: switching reminders on does not
 * send a year of old debts at once (the debtors list's reminder is for those).
 */
export function reminderWindows(
  rules: Pick<PaymentReminderRules, 'days_before' | 'days_overdue'>,
  today: string,
): { kind: Kind; from: string; to: string }[] {
  const windows: { kind: Kind; from: string; to: string }[] = [];
  if (rules.days_before > 0)
    windows.push({ kind: 'before', from: today, to: addDays(today, rules.days_before) });
  if (rules.days_overdue > 0)
    windows.push({
      kind: 'overdue',
      from: addDays(today, -rules.days_overdue - PAYMENT_REMINDER_CATCH_UP_DAYS),
      to: addDays(today, -rules.days_overdue),
    });
  return windows;
}

export interface ReminderRun {
  rules: PaymentReminderRules;
  /** The academy's today. */
  today: string;
  academy: string;
  currency: Currency;
  now: number;
  /** Tells the payers, in the transaction that records their reminders. */
  tell: Tell;
}

/** Instalments of a kind not yet looked at, due in the window, of charges no void cancels. */
function unlookedAt(db: Db, window: { kind: Kind; from: string; to: string }) {
  return db
    .selectFrom('ledger_instalments as i')
    .innerJoin('ledger_rows as c', 'c.id', 'i.charge_id')
    .innerJoin('users as u', 'u.id', 'i.student_id')
    .select(['i.id', 'i.student_id', 'i.label', 'i.due_day', 'c.day as charged_on', 'u.name'])
    .where('i.due_day', '>=', window.from)
    .where('i.due_day', '<=', window.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('instalment_reminders as r')
            .select('r.instalment_id')
            .whereRef('r.instalment_id', '=', 'i.id')
            .where('r.kind', '=', window.kind),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_rows as v').select('v.id').whereRef('v.voids', '=', 'c.id'))),
    )
    .orderBy('i.id')
    .limit(ROWS_PER_INSERT)
    .execute();
}

/**
 * Tells each payer of an instalment whose reminder is due today what is still owed of it, in
 * the academy's words (a notification of the 'payment' topic, and through the outbox by
 * e-mail, push and SMS, guardians too when the academy sends them payments). An instalment
 * paid in full, or charged within the days before (the charge has just told them), is marked
 * looked at without telling. Answers the payers told.
 */
export async function sendInstalmentReminders(db: Db, run: ReminderRun): Promise<number[]> {
  const told: number[] = [];
  const money = (n: number) => formatMoney(n, run.currency, { withCode: true });
  for (const window of reminderWindows(run.rules, run.today)) {
    const text = window.kind === 'before' ? run.rules.before_text : run.rules.overdue_text;
    for (;;) {
      const due = await unlookedAt(db, window);
      if (due.length === 0) break;
      await db.transaction().execute(async (trx) => {
        // What each payer owes is read with them held (holdPeople), in the transaction that
        // records the reminder: a payment at the desk meanwhile is either in it (nothing said)
        // or comes after what was said.
        const payers = [...new Set(due.map((d) => d.student_id))];
        await holdPeople(trx, payers);
        const ledgers = await ledgersOf(trx, payers);
        const looked = due.map((instalment) => {
          const ledger = ledgers.get(instalment.student_id) ?? { rows: [], instalments: [] };
          const outstanding =
            outstandingOf(ledger.rows, ledger.instalments).find(
              (o) => o.instalment.id === instalment.id,
            )?.outstanding ?? 0;
          const justCharged =
            window.kind === 'before' &&
            instalment.charged_on > addDays(instalment.due_day, -run.rules.days_before);
          return {
            instalment,
            told:
              outstanding > 0 && !justCharged
                ? fillReminder(text, {
                    name: instalment.name,
                    part: instalment.label,
                    amount: money(outstanding),
                    due: instalment.due_day,
                    balance: money(balanceOf(ledger.rows)),
                    academy: run.academy,
                  })
                : null,
          };
        });
        const recorded = await trx
          .insertInto('instalment_reminders')
          .values(
            looked.map(({ instalment, told: words }) => ({
              instalment_id: instalment.id,
              kind: window.kind,
              outcome: words === null ? ('skipped' as const) : ('told' as const),
              sent_at: run.now,
            })),
          )
          .onConflict((oc) => oc.columns(['instalment_id', 'kind']).doNothing())
          .returning('instalment_id')
          .execute();
        const mine = new Set(recorded.map((r) => r.instalment_id));
        const news = looked.flatMap(({ instalment, told: words }) =>
          words !== null && mine.has(instalment.id)
            ? [
                {
                  userId: instalment.student_id,
                  topic: 'payment' as const,
                  refId: null,
                  text: words,
                },
              ]
            : [],
        );
        if (news.length > 0) await run.tell(trx, news);
        told.push(...news.map((n) => n.userId));
      });
    }
  }
  return [...new Set(told)];
}
