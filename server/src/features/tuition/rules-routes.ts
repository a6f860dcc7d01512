import { formatMoney } from '@academy/contract/tuition/money';
import type { FastifyInstance } from 'fastify';
import { siblingsOf } from '../../domain/audience.js';
import { findTerm } from '../../domain/terms.js';
import { handle } from '../../http/call.js';
import { conflict, notFound } from '../../http/errors.js';
import { chargeStanding, grantDiscount, proposeLeaving, settleLeaving } from './discounts-data.js';
import { balancesOf, findStudent } from './ledger-data.js';
import { byOf, currencyOf, moneyAudience } from './money-context.js';
import { readMoneyRules, saveMoneyRules } from './rules-data.js';

/**
 * The academy's money rules, discounts at the desk, and a leaving student's settlement (issue
 * 52, point 2). Administrators only, as the route table says; every write is audited with its
 * amounts.
 */

const NO_CHARGE = 'This payer has no such charge, or it is void.';

/** What the charge is for, as its reason says it ("Fees: B1 Evening, Autumn 2026"). */
const whatOf = (reason: string) => reason.replace(/^Fees: /, '').replace(/ \(joined late.*\)$/, '');

export function ruleRoutes(app: FastifyInstance) {
  handle(app, 'getMoneyRules', async ({ db }) => ({
    success: true,
    ...(await readMoneyRules(db)),
  }));

  handle(app, 'saveMoneyRules', async (ctx) => {
    const { db, input, caller, now } = ctx;
    await saveMoneyRules(db, input, caller.name, now());
    ctx.affects(moneyAudience([]));
    ctx.request.auditDetails = { ...input };
    return { success: true, message: 'Money rules saved. They apply to charges made from now on.' };
  });

  handle(app, 'grantDiscount', async (ctx) => {
    const { db, input, caller, now, today } = ctx;
    const currency = currencyOf(ctx);
    const student = await findStudent(db, input.user_id);
    if (!student) throw notFound('No such student.');
    const outcome = await grantDiscount(
      db,
      {
        studentId: student.id,
        chargeId: input.charge_id,
        discount:
          input.kind === 'percent'
            ? { kind: 'percent', percent: input.value }
            : { kind: 'amount', amount: input.value },
        reason: input.reason,
      },
      { today: today(), by: byOf(caller), now: now() },
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') throw notFound(NO_CHARGE);
      throw conflict('Nothing is left of this charge to discount.');
    }
    ctx.affects(moneyAudience([student.id]));
    ctx.request.auditDetails = { amount: outcome.given, balance_after: outcome.balance };
    const money = (n: number) => formatMoney(n, currency, { withCode: true });
    return {
      success: true,
      message: `A discount of ${money(outcome.given)} for ${student.name}: ${input.reason}.`,
      balance: outcome.balance,
    };
  });

  handle(app, 'proposeLeaving', async (ctx) => {
    const { db, input, today } = ctx;
    const currency = currencyOf(ctx);
    const standing = await chargeStanding(db, input.student_id, input.charge_id);
    if (!standing) throw notFound(NO_CHARGE);
    const term =
      standing.charge.term_id === null ? undefined : await findTerm(db, standing.charge.term_id);
    const proposal = await proposeLeaving(db, standing, {
      today: today(),
      term,
      rules: (await readMoneyRules(db)).rules,
    });
    return {
      success: true,
      currency,
      what: whatOf(standing.charge.reason),
      fee: standing.net,
      paid: standing.paid,
      kept: proposal.kept,
      refund: proposal.refund,
      owed: proposal.owed,
      term_started: proposal.termStarted,
      sessions_total: proposal.sessions.total,
      sessions_taken: proposal.sessions.taken,
      settled: standing.settled,
    };
  });

  handle(app, 'settleLeaving', async (ctx) => {
    const { db, input, caller, now, today } = ctx;
    const currency = currencyOf(ctx);
    const student = await findStudent(db, input.user_id);
    if (!student) throw notFound('No such student.');
    const standing = await chargeStanding(db, student.id, input.charge_id);
    if (!standing) throw notFound(NO_CHARGE);
    const term =
      standing.charge.term_id === null ? undefined : await findTerm(db, standing.charge.term_id);
    const outcome = await settleLeaving(
      db,
      {
        studentId: student.id,
        chargeId: input.charge_id,
        settle: input.settle,
        method: input.method,
        what: whatOf(standing.charge.reason),
      },
      { term, rules: (await readMoneyRules(db)).rules },
      { today: today(), by: byOf(caller), now: now() },
    );
    if ('refused' in outcome) {
      if (outcome.refused === 'missing') throw notFound(NO_CHARGE);
      throw conflict('This charge was settled already when the student left.');
    }
    const { proposal, balance, refundNumber } = outcome;
    ctx.affects(moneyAudience([student.id]));
    ctx.request.auditDetails = {
      kept: proposal.kept,
      refund: input.settle === 'refund' ? proposal.refund : 0,
      credit: input.settle === 'credit' ? proposal.refund : 0,
      balance_after: balance,
      ...(refundNumber ? { refund_number: refundNumber, method: input.method } : {}),
    };
    const money = (n: number) => formatMoney(n, currency, { withCode: true });
    const back =
      proposal.refund === 0
        ? ''
        : input.settle === 'refund'
          ? ` ${money(proposal.refund)} is refunded (refund note ${refundNumber}).`
          : ` ${money(proposal.refund)} stays as credit for the next term.`;
    const owed = proposal.owed > 0 ? ` Still owed: ${money(proposal.owed)}.` : '';
    return {
      success: true,
      message: `${student.name} left ${whatOf(standing.charge.reason)}: the academy keeps ${money(proposal.kept)}.${back}${owed}`,
      balance,
      refund_number: refundNumber,
    };
  });

  handle(app, 'getFamily', async ({ db, input }) => {
    const student = await findStudent(db, input.student_id);
    if (!student) throw notFound('No such student.');
    const siblings = (await siblingsOf(db, [student.id])).get(student.id) ?? [];
    return { success: true, family: await balancesOf(db, siblings) };
  });
}
