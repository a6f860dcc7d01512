import { PAYMENT_METHOD_WORDS, type PaymentMethod } from '@academy/contract';
import { planProblems } from '@academy/contract/tuition/instalments';
import { balanceOf, outstandingOf, voidedIds } from '@academy/contract/tuition/ledger';
import { formatMoney, isAmount } from '@academy/contract/tuition/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatTimestamp } from '../../db/time.js';
import { siblingsOf } from '../../domain/audience.js';
import { findClassHead } from '../../domain/classes.js';
import { findTerm } from '../../domain/terms.js';
import { type CallContext, handle } from '../../http/call.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { debtorRoutes } from './debtor-routes.js';
import {
  findPayers,
  findStudent,
  instalmentsOf,
  ledgerRowsOf,
  receiptsOf,
  refundNotesOf,
  studentsNamed,
  voidRow,
} from './ledger-data.js';
import { byOf, currencyOf, moneyAudience } from './money-context.js';
import { payRoutes } from './pay-routes.js';
import {
  type PaymentContext,
  type PaymentInput,
  recordFamilyPayment,
  recordPayment,
} from './payments-data.js';
import {
  chargedCount,
  chargePlan,
  feesReason,
  findFeePlan,
  planTotal,
  saveFeePlan,
} from './plans-data.js';
import { receiptRoutes } from './receipt-routes.js';
import { reportRoutes } from './report-routes.js';
import { readMoneyRules } from './rules-data.js';
import { ruleRoutes } from './rules-routes.js';
import { transferRoutes } from './transfer-routes.js';

/**
 * Tuition and payments (issue 52), the first server slice: fee plans, charging a class, a
 * payer's statement, payments at the desk with their receipt numbers, voids, and the desk's
 * search. Every write is an administrator's and is in the audit log with its amounts.
 */

/** What the audit log keeps beside the payload: the amounts the call acted on. */
function auditAmounts(ctx: { request: FastifyRequest }, details: Record<string, unknown>) {
  ctx.request.auditDetails = details;
}

/** A method as stored: one of PAYMENT_METHODS, written by recordPayment alone. */
const methodOf = (method: string | null) => method as PaymentMethod | null;

/**
 * A payment at the desk as the data module takes it (a payer's, or their family's), after
 * the checks both calls make: the payer is a student, and the date is not after today.
 */
async function deskPayment(
  ctx: CallContext<'recordPayment'> | CallContext<'recordFamilyPayment'>,
): Promise<{
  student: { id: number; name: string };
  payment: PaymentInput;
  context: PaymentContext;
}> {
  const { db, input, caller, now, today } = ctx;
  const student = await findStudent(db, input.user_id);
  if (!student) throw notFound('No such student.');
  const day = today();
  if (input.day > day) throw badRequest('The payment’s date cannot be after today.');
  return {
    student,
    payment: {
      studentId: student.id,
      amount: input.amount,
      day: input.day,
      method: input.method,
      reference: input.reference,
      chequeNumber: input.cheque_number,
      chequeDay: input.cheque_day ?? null,
    },
    context: { today: day, by: byOf(caller), now: now() },
  };
}

export default async function tuitionRoutes(app: FastifyInstance) {
  receiptRoutes(app);
  reportRoutes(app);
  transferRoutes(app);
  debtorRoutes(app);
  payRoutes(app);
  ruleRoutes(app);
  handle(app, 'getFeePlan', async ({ db, input, settings }) => {
    const plan = await findFeePlan(db, input.class_id, input.term_id);
    return {
      success: true,
      plan: plan
        ? {
            id: plan.id,
            class_id: plan.class_id,
            term_id: plan.term_id,
            tuition: plan.tuition,
            items: plan.items,
            parts: plan.parts,
            total: plan.total,
            charged: await chargedCount(db, plan.id),
            updated_at: formatTimestamp(plan.updated_at),
          }
        : null,
      currency: settings.current.currency,
    };
  });

  handle(app, 'saveFeePlan', async (ctx) => {
    const { db, input, caller, now } = ctx;
    const currency = currencyOf(ctx);
    const schoolClass = await findClassHead(db, input.class_id);
    if (!schoolClass) throw notFound('No such class.');
    const term = await findTerm(db, input.term_id);
    if (!term) throw notFound('No such term.');
    const total = planTotal(input.tuition, input.items);
    if (!isAmount(total)) throw badRequest('The tuition and the items add up to too much.');
    const problems = planProblems(
      { fee: total, parts: input.parts },
      { termFirstDay: term.first_day, currency },
    );
    if (problems.length > 0) throw badRequest(problems.join(' '));
    const id = await saveFeePlan(db, input, caller.id, now());
    ctx.affects(moneyAudience([]));
    auditAmounts(ctx, { total, class: schoolClass.name, term: term.name });
    const parts = input.parts.length;
    return {
      success: true,
      message:
        `Fee plan saved for “${schoolClass.name}”, ${term.name}: ` +
        `${formatMoney(total, currency, { withCode: true })} in ${parts} part${parts === 1 ? '' : 's'}.`,
      id,
    };
  });

  handle(app, 'chargeClassFees', async (ctx) => {
    const { db, input, caller, now, today } = ctx;
    const currency = currencyOf(ctx);
    const schoolClass = await findClassHead(db, input.class_id);
    if (!schoolClass) throw notFound('No such class.');
    const term = await findTerm(db, input.term_id);
    if (!term) throw notFound('No such term.');
    const plan = await findFeePlan(db, input.class_id, input.term_id);
    if (!plan) throw notFound(`“${schoolClass.name}” has no fee plan for ${term.name} yet.`);
    const outcome = await chargePlan(
      db,
      plan,
      {
        reason: feesReason(schoolClass.name, term.name),
        term,
        today: today(),
        rules: (await readMoneyRules(db)).rules,
      },
      byOf(caller),
      now(),
    );
    ctx.affects(moneyAudience(outcome.studentIds));
    const amounts = [...new Set(outcome.amounts)];
    const money = (n: number) => formatMoney(n, currency, { withCode: true });
    // The same to each, or (late joining, a sibling discount) what they come to in all.
    const each =
      amounts.length <= 1
        ? `${money(amounts[0] ?? plan.total)} each`
        : `${money(outcome.amounts.reduce((a, b) => a + b, 0))} in all`;
    auditAmounts(ctx, {
      each: plan.total,
      total: outcome.amounts.reduce((a, b) => a + b, 0),
      charged: outcome.charged,
      skipped: outcome.skipped,
    });
    const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;
    const skipped =
      outcome.skipped === 0
        ? ''
        : ` ${students(outcome.skipped)} ${outcome.skipped === 1 ? 'was' : 'were'} charged already.`;
    return {
      success: true,
      message:
        outcome.charged + outcome.skipped === 0
          ? `“${schoolClass.name}” has no students to charge.`
          : `Charged ${students(outcome.charged)} ${each}.${skipped}`,
      charged: outcome.charged,
      skipped: outcome.skipped,
    };
  });

  handle(app, 'getStatement', async ({ db, input, caller, settings }) => {
    // Money is the administrators' and each student's own: a teacher reads none of it.
    if (caller.isTeacher) throw forbidden('Teachers do not see payments.');
    if (!caller.isAdmin && input.student_id !== caller.id)
      throw forbidden('You can only see your own statement.');
    const student = await findStudent(db, input.student_id);
    if (!student) throw notFound('No such student.');
    const [rows, instalments, receipts, refundNotes] = await Promise.all([
      ledgerRowsOf(db, student.id),
      instalmentsOf(db, student.id),
      receiptsOf(db, student.id),
      refundNotesOf(db, student.id),
    ]);
    const voided = voidedIds(rows);
    const voidOf = new Map(rows.filter((r) => r.voids !== null).map((r) => [r.voids, r.id]));
    const documentOf = new Map([
      ...receipts.map((r) => [r.payment_id, r.receipt_number] as const),
      ...refundNotes.map((n) => [n.refund_id, n.refund_number] as const),
    ]);
    return {
      success: true,
      student,
      currency: settings.current.currency,
      balance: balanceOf(rows),
      rows: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        amount: r.amount,
        reason: r.reason,
        day: r.day,
        voids: r.voids,
        voided_by: voidOf.get(r.id) ?? null,
        method: methodOf(r.method),
        reference: r.reference ?? '',
        cheque_number: r.cheque_number ?? '',
        cheque_day: r.cheque_day ?? '',
        document_number: documentOf.get(r.id) ?? null,
        created_by_name: r.created_by_name,
        created_at: formatTimestamp(r.created_at),
      })),
      instalments: outstandingOf(rows, instalments).map(({ instalment, outstanding }) => ({
        ...instalment,
        outstanding,
      })),
      receipts: receipts.map((r) => ({
        number: r.receipt_number,
        payment_id: r.payment_id,
        amount: r.amount,
        day: r.day,
        method: methodOf(r.method) ?? 'other',
        void: voided.has(r.payment_id),
      })),
      refund_notes: refundNotes.map((n) => ({
        number: n.refund_number,
        refund_id: n.refund_id,
        amount: n.amount,
        day: n.day,
        method: methodOf(n.method),
        void: voided.has(n.refund_id),
      })),
    };
  });

  handle(app, 'recordPayment', async (ctx) => {
    const { input } = ctx;
    const currency = currencyOf(ctx);
    const { student, payment, context } = await deskPayment(ctx);
    const paid = await recordPayment(ctx.db, payment, context);
    ctx.affects(moneyAudience([student.id]));
    auditAmounts(ctx, { receipt_number: paid.receiptNumber, balance_after: paid.balance });
    const money = (n: number) => formatMoney(n, currency, { withCode: true });
    return {
      success: true,
      message:
        `Receipt ${paid.receiptNumber}: ${money(input.amount)} from ${student.name} ` +
        `by ${PAYMENT_METHOD_WORDS[input.method].toLowerCase()}. ` +
        (paid.balance > 0
          ? `Still owed: ${money(paid.balance)}.`
          : paid.balance < 0
            ? `In credit: ${money(-paid.balance)}.`
            : 'Nothing is owed.'),
      payment_id: paid.paymentId,
      receipt_number: paid.receiptNumber,
      balance: paid.balance,
      allocations: paid.allocations,
    };
  });

  handle(app, 'recordFamilyPayment', async (ctx) => {
    const { db, input } = ctx;
    const currency = currencyOf(ctx);
    const { student, payment, context } = await deskPayment(ctx);
    // A payer with no brothers or sisters (no guardian in common) is a family of one: the
    // payment is theirs, as recordPayment would make it.
    const siblings = (await siblingsOf(db, [student.id])).get(student.id) ?? [];
    const shares = await recordFamilyPayment(db, payment, [student.id, ...siblings], context);
    // The children's names for the answer; only names: each share already carries its balance.
    const names = new Map(
      (
        await studentsNamed(
          db,
          shares.map((s) => s.studentId),
        )
      ).map((m) => [m.id, m.name]),
    );
    ctx.affects(moneyAudience(shares.map((s) => s.studentId)));
    auditAmounts(ctx, {
      receipt_numbers: shares.map((s) => s.receiptNumber).join(', '),
      shares: shares.map((s) => `${names.get(s.studentId)}: ${s.amount}`).join(', '),
    });
    const money = (n: number) => formatMoney(n, currency, { withCode: true });
    const each = shares.map(
      (s) =>
        `${s.receiptNumber}: ${money(s.amount)} for ${names.get(s.studentId)} (${
          s.balance > 0
            ? `still owed: ${money(s.balance)}`
            : s.balance < 0
              ? `in credit: ${money(-s.balance)}`
              : 'nothing owed'
        })`,
    );
    return {
      success: true,
      message:
        `${money(input.amount)} from ${student.name}’s family by ` +
        `${PAYMENT_METHOD_WORDS[input.method].toLowerCase()}, ` +
        `${shares.length === 1 ? 'one receipt' : `${shares.length} receipts`}: ${each.join('; ')}.`,
      receipts: shares.map((s) => ({
        user_id: s.studentId,
        name: names.get(s.studentId) as string,
        payment_id: s.paymentId,
        receipt_number: s.receiptNumber,
        amount: s.amount,
        balance: s.balance,
      })),
    };
  });

  handle(app, 'voidLedgerRow', async (ctx) => {
    const { db, input, caller, now, today, settings } = ctx;
    const outcome = await voidRow(
      db,
      { studentId: input.user_id, rowId: input.row_id, reason: input.reason },
      { today: today(), by: byOf(caller), now: now() },
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') throw notFound('This payer’s ledger has no such row.');
      if (outcome.refused === 'void')
        throw conflict(
          'That row is a void, and a void cannot be undone: enter the row again instead.',
        );
      throw conflict(
        outcome.by === null
          ? 'That row is voided already.'
          : `That row is voided already (by row ${outcome.by}).`,
      );
    }
    const { voided } = outcome;
    ctx.affects(moneyAudience([input.user_id]));
    auditAmounts(ctx, {
      voided_kind: voided.kind,
      amount: voided.amount,
      ...(outcome.document?.kind === 'receipt' ? { receipt_number: outcome.document.number } : {}),
      ...(outcome.document?.kind === 'refund note'
        ? { refund_number: outcome.document.number }
        : {}),
      balance_after: outcome.balance,
    });
    const currency = settings.current.currency;
    const amount = currency
      ? formatMoney(voided.amount, currency, { withCode: true })
      : String(voided.amount);
    return {
      success: true,
      message:
        `The ${voided.kind} of ${amount} is void` +
        (outcome.document
          ? `; ${outcome.document.kind} ${outcome.document.number} is marked VOID and keeps its number.`
          : '.'),
      balance: outcome.balance,
    };
  });

  handle(app, 'findPayers', async ({ db, input }) => ({
    success: true,
    payers: await findPayers(db, input.q),
  }));
}
