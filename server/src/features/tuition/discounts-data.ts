import {
  balanceOf,
  outstandingOf,
  refundNumber as printedRefundNumber,
  voidedIds,
} from '@academy/contract/tuition/ledger';
import { applyDiscounts, type MoneyRules, refundProposal } from '@academy/contract/tuition/rules';
import type { Db } from '../../db/index.js';
import { holdPeople } from '../../domain/people.js';
import { instalmentsOf, ledgerRowsOf, restatePayers, type StoredRow } from './ledger-data.js';
import { numberDocument } from './payments-data.js';
import { sessionsOfTerm } from './rules-data.js';

/**
 * Discounts at the desk and a leaving student's settlement (issue 52, point 2): rows beside a
 * charge (for_charge), never a change to it. What is left of a charge is the charge less the
 * discounts no void cancels; what the payer has paid of it is that less what is outstanding
 * on its instalments (the payer's credits set against every instalment oldest first).
 */

/** Marks the rows of a leaving settlement, so a charge is settled once. */
export const LEAVING_REFERENCE = 'Leaving settlement';

export interface ChargeStanding {
  charge: StoredRow & { class_id: number | null; term_id: number | null };
  /** The charge less its discounts. */
  net: number;
  /** What the payer's credits have paid of it. */
  paid: number;
  settled: boolean;
  rows: StoredRow[];
}

/** One of a payer's charges, no void cancelling it, and where it stands; undefined if none. */
export async function chargeStanding(
  db: Db,
  studentId: number,
  chargeId: number,
): Promise<ChargeStanding | undefined> {
  const rows = await ledgerRowsOf(db, studentId);
  const voided = voidedIds(rows);
  const charge = rows.find((r) => r.id === chargeId && r.kind === 'charge');
  if (!charge || voided.has(charge.id)) return undefined;
  const own = await db
    .selectFrom('ledger_rows')
    .select(['id', 'for_charge', 'class_id', 'term_id', 'reference'])
    .where('student_id', '=', studentId)
    .execute();
  const forCharge = new Set(own.filter((r) => r.for_charge === charge.id).map((r) => r.id));
  const head = own.find((r) => r.id === charge.id);
  const live = rows.filter((r) => forCharge.has(r.id) && !voided.has(r.id));
  const discounts = live.filter((r) => r.kind === 'discount').reduce((s, r) => s + r.amount, 0);
  const net = Math.max(0, charge.amount - discounts);
  const outstanding = outstandingOf(rows, await instalmentsOf(db, studentId))
    .filter((o) => o.instalment.charge_id === charge.id)
    .reduce((s, o) => s + o.outstanding, 0);
  return {
    charge: { ...charge, class_id: head?.class_id ?? null, term_id: head?.term_id ?? null },
    net,
    paid: Math.max(0, net - outstanding),
    settled: live.some((r) => r.reference === LEAVING_REFERENCE),
    rows,
  };
}

type Writer = { today: string; by: { id: number; name: string }; now: number };

/** A ledger row beside a charge: a discount or a refund. */
function besideCharge(
  charge: ChargeStanding['charge'],
  row: {
    kind: 'discount' | 'refund';
    amount: number;
    reason: string;
    reference?: string;
    method?: string;
  },
  writer: Writer,
) {
  return {
    student_id: charge.student_id,
    kind: row.kind,
    amount: row.amount,
    reason: row.reason,
    voids: null,
    for_charge: charge.id,
    fee_plan_id: null,
    class_id: charge.class_id,
    term_id: charge.term_id,
    day: writer.today,
    method: row.method ?? null,
    reference: row.reference ?? null,
    cheque_number: null,
    cheque_day: null,
    created_by: writer.by.id,
    created_by_name: writer.by.name,
    created_at: writer.now,
  };
}

/**
 * A refund's note (a refund is its own document): the year's next refund number, from the
 * refund counter, in the refund's transaction; the year of the academy's today, as a receipt's.
 */
export async function issueRefundNote(trx: Db, refundId: number, writer: Writer): Promise<string> {
  const year = Number(writer.today.slice(0, 4));
  const number = await numberDocument(trx, 'refund note', {
    of: refundId,
    year,
    createdAt: writer.now,
  });
  return printedRefundNumber(year, number);
}

export type DiscountOutcome =
  | { given: number; balance: number }
  | { refused: 'missing' }
  | { refused: 'nothing left' };

/**
 * Gives a discount off a charge: a percent of the charge, or an amount, never more than what
 * is left of it (applyDiscounts). In one transaction with the payer's ledger locked, so two
 * discounts at once cannot take a charge below 0.
 */
export async function grantDiscount(
  db: Db,
  target: {
    studentId: number;
    chargeId: number;
    discount: { kind: 'percent'; percent: number } | { kind: 'amount'; amount: number };
    reason: string;
  },
  writer: Writer,
): Promise<DiscountOutcome> {
  return db.transaction().execute(async (trx): Promise<DiscountOutcome> => {
    await holdPeople(trx, [target.studentId]);
    const standing = await chargeStanding(trx, target.studentId, target.chargeId);
    if (!standing) return { refused: 'missing' };
    // A percent is of the whole charge (the academy's announced sum), capped at what is left.
    const asked =
      target.discount.kind === 'percent'
        ? (applyDiscounts(standing.charge.amount, [{ ...target.discount, reason: target.reason }])
            .lines[0]?.amount ?? 0)
        : target.discount.amount;
    const given = Math.min(asked, standing.net);
    if (given <= 0) return { refused: 'nothing left' };
    await trx
      .insertInto('ledger_rows')
      .values(
        besideCharge(
          standing.charge,
          { kind: 'discount', amount: given, reason: target.reason },
          writer,
        ),
      )
      .execute();
    await restatePayers(trx, [target.studentId]);
    return { given, balance: balanceOf(await ledgerRowsOf(trx, target.studentId)) };
  });
}

export interface LeavingProposal {
  standing: ChargeStanding;
  kept: number;
  refund: number;
  owed: number;
  termStarted: boolean;
  sessions: { total: number; taken: number };
}

/** What a student leaving the charge's class today is proposed, by the academy's rules. */
export async function proposeLeaving(
  db: Db,
  standing: ChargeStanding,
  context: {
    today: string;
    term: { first_day: string; last_day: string } | undefined;
    rules: MoneyRules;
  },
): Promise<LeavingProposal> {
  const { term, today, rules } = context;
  // The sessions the charge was for: from the day they were charged (joined), so one who
  // joined late and was charged by the sessions left is not counted the ones before.
  const from = term && standing.charge.day > term.first_day ? standing.charge.day : term?.first_day;
  const counted =
    term && from && standing.charge.class_id !== null
      ? await sessionsOfTerm(db, standing.charge.class_id, { ...term, first_day: from }, today)
      : { total: 0, before: 0 };
  const termStarted = term !== undefined && today >= term.first_day;
  const proposal = refundProposal(standing.paid, standing.net, {
    keptBeforeStartPercent: rules.kept_before_percent,
    keptAfterStartPercent: rules.kept_after_percent,
    rule: rules.refund_rule,
    termStarted,
    sessionsTotal: counted.total,
    sessionsTaken: counted.before,
  });
  return {
    standing,
    ...proposal,
    termStarted,
    sessions: { total: counted.total, taken: counted.before },
  };
}

/**
 * Settles a leaving student's charge as proposed: what is not kept comes off the charge (a
 * discount row, "not charged"), and what they paid beyond what is kept is either refunded (a
 * refund row, the money going back by `method`, with its refund note numbered in this
 * transaction) or left as credit for the next term. Once per charge: the payer's ledger is
 * locked and the settlement looked for first.
 */
export async function settleLeaving(
  db: Db,
  target: {
    studentId: number;
    chargeId: number;
    settle: 'refund' | 'credit';
    method: string;
    what: string;
  },
  context: { term: { first_day: string; last_day: string } | undefined; rules: MoneyRules },
  writer: Writer,
): Promise<
  | { proposal: LeavingProposal; balance: number; refundNumber: string | null }
  | { refused: 'missing' | 'settled' }
> {
  return db.transaction().execute(async (trx) => {
    await holdPeople(trx, [target.studentId]);
    const standing = await chargeStanding(trx, target.studentId, target.chargeId);
    if (!standing) return { refused: 'missing' as const };
    if (standing.settled) return { refused: 'settled' as const };
    const proposal = await proposeLeaving(trx, standing, { ...context, today: writer.today });
    const notCharged = standing.net - proposal.kept;
    // The ledger keeps no rows of 0: when the academy keeps it all and nothing goes back,
    // there is nothing to write, and the charge stands as it is.
    if (notCharged > 0)
      await trx
        .insertInto('ledger_rows')
        .values(
          besideCharge(
            standing.charge,
            {
              kind: 'discount',
              amount: notCharged,
              reason: `Left ${target.what}: not charged`,
              reference: LEAVING_REFERENCE,
            },
            writer,
          ),
        )
        .execute();
    let refundNumber: string | null = null;
    if (target.settle === 'refund' && proposal.refund > 0) {
      const { id } = await trx
        .insertInto('ledger_rows')
        .values(
          besideCharge(
            standing.charge,
            {
              kind: 'refund',
              amount: proposal.refund,
              reason: `Refund on leaving ${target.what}`,
              reference: LEAVING_REFERENCE,
              method: target.method,
            },
            writer,
          ),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      refundNumber = await issueRefundNote(trx, id, writer);
    }
    await restatePayers(trx, [target.studentId]);
    return {
      proposal,
      balance: balanceOf(await ledgerRowsOf(trx, target.studentId)),
      refundNumber,
    };
  });
}
