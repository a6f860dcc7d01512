import { DEBTORS_PAGE_SIZE, type Debtor } from '@academy/contract';
import { type Currency, formatMoney } from '@academy/contract/tuition/money';
import { PAYMENT_REMINDER_FIELDS } from '@academy/contract/tuition/reminders';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { findClassHead } from '../../domain/classes.js';
import { findTerm } from '../../domain/terms.js';
import { type CallContext, handle } from '../../http/call.js';
import { toCsv } from '../../http/csv.js';
import { dayOf } from '../../http/download-names.js';
import { conflict, notFound } from '../../http/errors.js';
import { answerFile } from '../../http/file-answer.js';
import { debtorTotals, findDebtors, named, type Owing, totalsOf } from './debtors-data.js';
import { readReminderRules, saveReminderRules } from './reminders-data.js';

/**
 * Who owes (issue 52, point 5): the debtors list with totals over every filtered row, the list
 * as CSV and XLSX in the app's one writer of each, and a reminder to the filtered payers told
 * the app's one way (tell: a notification, and the outbox's e-mail and SMS, guardians too for
 * the kinds the academy chose). Administrators only, as the route table says.
 */

type Ctx = CallContext<
  'listDebtors' | 'exportDebtors' | 'exportDebtorsXlsx' | 'estimateDebtorReminder' | 'remindDebtors'
>;

/** Refuses a class or term the filters name that does not exist. */
async function checkFilters(ctx: Ctx): Promise<void> {
  const { db, input } = ctx;
  if (input.class_id !== undefined && !(await findClassHead(db, input.class_id)))
    throw notFound('No such class.');
  if (input.term_id !== undefined && !(await findTerm(db, input.term_id)))
    throw notFound('No such term.');
}

/** Every debtor the filters keep, after checking that the class and term named exist. */
async function debtorsOf(ctx: Ctx): Promise<Owing[]> {
  await checkFilters(ctx);
  return (await findDebtors(ctx.db, ctx.input, ctx.today())).debtors;
}

const HEADER = [
  'name',
  'classes',
  'balance',
  'days overdue',
  'overdue',
  'next instalment',
  'next due day',
  'next outstanding',
];

/** The table the files hold: amounts as the currency writes them, without separators. */
function debtorTable(debtors: readonly Debtor[], currency: Currency | null) {
  const money = (n: number) =>
    currency ? formatMoney(n, currency).replaceAll(',', '') : String(n);
  return debtors.map((d) => [
    d.name,
    d.classes.join(', '),
    money(d.balance),
    d.days_overdue,
    money(d.overdue),
    d.next?.label ?? '',
    d.next?.due_day ?? '',
    d.next ? money(d.next.outstanding) : '',
  ]);
}

async function debtorsXlsx(rows: (string | number)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Debtors', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(HEADER).font = { bold: true };
  // Amounts as numbers a spreadsheet can sum and sort (the CSV's text, read back).
  const figures = new Set([2, 4, 7]);
  for (const row of rows)
    sheet.addRow(row.map((cell, i) => (figures.has(i) && cell !== '' ? Number(cell) : cell)));
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(
      50,
      Math.max(
        10,
        ...[HEADER[i] ?? '', ...rows.map((r) => String(r[i] ?? ''))].map((t) => t.length + 2),
      ),
    );
  });
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/**
 * A reminder's words: what is owed, what of it is overdue and by how long, and the next
 * instalment's amount and due day. One line, as an SMS reads it, spoken to the student ("You
 * have…", which the channels turn for a guardian into "Sara has…"); the SMS and e-mail put the
 * academy's name before it, so the words do not.
 */
export function reminderText(debtor: Owing, currency: Currency): string {
  const money = (n: number) => formatMoney(n, currency, { withCode: true });
  const days = debtor.days_overdue;
  const overdue =
    days > 0
      ? ` ${money(debtor.overdue)} of it is overdue by ${days} day${days === 1 ? '' : 's'}.`
      : '';
  const next = debtor.next
    ? ` Next instalment: ${money(debtor.next.outstanding)}, due ${debtor.next.due_day}.`
    : '';
  return `You have ${money(debtor.balance)} of tuition to pay.${overdue}${next}`;
}

export function debtorRoutes(app: FastifyInstance) {
  handle(app, 'listDebtors', async (ctx) => {
    await checkFilters(ctx);
    const { db, input } = ctx;
    const today = ctx.today();
    const { debtors, hasMore } = await findDebtors(db, input, today, {
      page: input.page,
      size: DEBTORS_PAGE_SIZE,
    });
    return {
      success: true,
      currency: ctx.settings.current.currency,
      today,
      rows: await named(db, debtors),
      page: input.page,
      has_more: hasMore,
      totals: await debtorTotals(db, input, today),
    };
  });

  handle(app, 'exportDebtors', async (ctx) => {
    const debtors = await named(ctx.db, await debtorsOf(ctx));
    return {
      success: true,
      csv: toCsv(HEADER, debtorTable(debtors, ctx.settings.current.currency)),
      file_name: `debtors-${dayOf(ctx.now())}.csv`,
      count: debtors.length,
    };
  });

  handle(app, 'exportDebtorsXlsx', async (ctx) => {
    const debtors = await named(ctx.db, await debtorsOf(ctx));
    const bytes = await debtorsXlsx(debtorTable(debtors, ctx.settings.current.currency));
    return answerFile(ctx.reply, 'xlsx', bytes, `debtors-${dayOf(ctx.now())}.xlsx`);
  });

  handle(app, 'estimateDebtorReminder', async (ctx) => {
    const debtors = await debtorsOf(ctx);
    const ids = debtors.map((d) => d.student_id);
    // The SMS feature's own estimate, through its service: a reminder is of the 'payments' kind.
    return {
      success: true,
      count: debtors.length,
      ...(await ctx.smsEstimate(ctx.db, ids, 'payments')),
    };
  });

  handle(app, 'remindDebtors', async (ctx) => {
    const { db, tell, settings } = ctx;
    const currency = settings.current.currency;
    if (!currency)
      throw conflict('Please set the academy’s currency on Settings first (code, name, decimals).');
    const debtors = await debtorsOf(ctx);
    await db.transaction().execute((trx) =>
      tell(
        trx,
        debtors.map((d) => ({
          userId: d.student_id,
          topic: 'payment' as const,
          refId: null,
          text: reminderText(d, currency),
        })),
      ),
    );
    const ids = debtors.map((d) => d.student_id);
    ctx.affects({ users: ids, administrators: true });
    ctx.request.auditDetails = { told: debtors.length, owed: totalsOf(debtors).balance };
    const n = debtors.length;
    return {
      success: true,
      message:
        n === 0
          ? 'Nobody the filters keep owes anything: no reminder was sent.'
          : `A reminder is on its way to ${n} payer${n === 1 ? '' : 's'}.`,
      told: n,
    };
  });

  handle(app, 'getPaymentReminders', async ({ db }) => ({
    success: true,
    ...(await readReminderRules(db)),
    fields: [...PAYMENT_REMINDER_FIELDS],
  }));

  handle(app, 'savePaymentReminders', async (ctx) => {
    const { db, input, caller, now } = ctx;
    await saveReminderRules(db, input, caller.name, now());
    // Other administrators' debtors screens read the rules again.
    ctx.affects({ users: [], administrators: true });
    ctx.request.auditDetails = { days_before: input.days_before, days_overdue: input.days_overdue };
    const on = input.days_before > 0 || input.days_overdue > 0;
    return {
      success: true,
      message: on
        ? 'Automatic reminders saved. They go out each day outside quiet hours.'
        : 'Automatic reminders are off.',
    };
  });
}
