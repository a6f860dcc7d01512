import type { DueRule, InstalmentPart } from '@academy/contract/tuition/instalments';
import { dueDay, splitFee } from '@academy/contract/tuition/instalments';
import { percentOf } from '@academy/contract/tuition/money';
import {
  lateJoinCharge,
  type MoneyRules,
  siblingDiscountPercent,
  siblingWords,
} from '@academy/contract/tuition/rules';
import { dialectOf } from '../../db/dialect.js';
import type { Db } from '../../db/index.js';
import { siblingsOf } from '../../domain/audience.js';
import { activeStudentIdsOfClass } from '../../domain/classes.js';
import { holdPeople } from '../../domain/people.js';
import { restatePayers } from './ledger-data.js';
import { sessionsOfTerm } from './rules-data.js';

/**
 * A class's fee plan for a term (issue 52, point 2; migration 0054) and charging it: the
 * plan's amounts are the tuition, the items and the parts, which planProblems has held to add
 * up before a plan is saved. A charge is a ledger row (never changed) with its instalments.
 */

export interface FeeItem {
  label: string;
  amount: number;
}

export interface FeePlanRecord {
  id: number;
  class_id: number;
  term_id: number;
  tuition: number;
  items: FeeItem[];
  parts: InstalmentPart[];
  total: number;
  updated_at: number;
}

/** What a student is charged: the tuition and every item. */
export const planTotal = (tuition: number, items: readonly FeeItem[]) =>
  items.reduce((sum, item) => sum + item.amount, tuition);

/** The plan of a class for a term, or undefined. */
export async function findFeePlan(
  db: Db,
  classId: number,
  termId: number,
): Promise<FeePlanRecord | undefined> {
  const row = await db
    .selectFrom('fee_plans')
    .select(['id', 'class_id', 'term_id', 'tuition', 'items', 'parts', 'updated_at'])
    .where('class_id', '=', classId)
    .where('term_id', '=', termId)
    .executeTakeFirst();
  if (!row) return undefined;
  const items = JSON.parse(row.items) as FeeItem[];
  return {
    ...row,
    items,
    parts: JSON.parse(row.parts) as InstalmentPart[],
    total: planTotal(row.tuition, items),
  };
}

/** How many students are charged a plan: their charge not voided. */
export async function chargedCount(db: Db, planId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_rows as c')
    .select((eb) => eb.fn.count<number | string>('c.id').as('n'))
    .where('c.fee_plan_id', '=', planId)
    .where('c.kind', '=', 'charge')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_rows as v').select('v.id').whereRef('v.voids', '=', 'c.id'))),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Saves a class's plan for a term, a new one or in place of the last; answers its id. */
export async function saveFeePlan(
  db: Db,
  plan: {
    class_id: number;
    term_id: number;
    tuition: number;
    items: FeeItem[];
    parts: { label: string; due: DueRule; amount: number }[];
  },
  by: number,
  now: number,
): Promise<number> {
  const values = {
    tuition: plan.tuition,
    items: JSON.stringify(plan.items),
    parts: JSON.stringify(plan.parts.map((p) => ({ ...p, label: p.label.trim() }))),
    updated_by: by,
    updated_at: now,
  };
  const { id } = await db
    .insertInto('fee_plans')
    .values({ class_id: plan.class_id, term_id: plan.term_id, created_at: now, ...values })
    .onConflict((oc) => oc.columns(['class_id', 'term_id']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface ChargeOutcome {
  charged: number;
  skipped: number;
  /** The students charged now. */
  studentIds: number[];
  /** What each was charged, less any sibling discount, in the order of studentIds. */
  amounts: number[];
}

/** A charge's words: what it is for ("Fees: B1 Evening, Autumn 2026"). */
export const feesReason = (className: string, termName: string) =>
  `Fees: ${className}, ${termName}`;

/** How a charge is made: the words, the term, the academy's today and its money rules. */
export interface ChargeContext {
  reason: string;
  term: { first_day: string; last_day: string };
  today: string;
  rules: MoneyRules;
}

/** Whether a student joining on the context's day is charged by the sessions left. */
const chargedBySessions = (context: ChargeContext) =>
  context.today > context.term.first_day && context.rules.late_join === 'sessions_left';

/**
 * What a student joining today is charged of a plan (issue 52, point 2): after the term has
 * started, by the academy's late-join rule (the whole fee, or the tuition by the sessions
 * left; items such as books in full), in the plan's parts scaled to the amount by the largest
 * remainder (splitFee), so they still add up to it exactly.
 */
export function chargeOf(
  plan: FeePlanRecord,
  context: ChargeContext,
  sessions: { total: number; before: number },
): { amount: number; tuition: number; parts: number[]; late: string | null } {
  const late = chargedBySessions(context);
  const left = sessions.total - sessions.before;
  const tuition = late
    ? lateJoinCharge(plan.tuition, {
        rule: 'sessions_left',
        sessionsTotal: sessions.total,
        sessionsLeft: left,
      })
    : plan.tuition;
  const amount = planTotal(tuition, plan.items);
  const shares = plan.parts.map((p) => p.amount);
  return {
    amount,
    tuition,
    parts: amount === plan.total ? shares : splitFee(amount, shares),
    late: tuition === plan.tuition ? null : `joined late: ${left} of ${sessions.total} sessions`,
  };
}

/** How many of each student's siblings have a charge of the term no void cancels. */
async function siblingsCharged(
  db: Db,
  termId: number,
  siblings: Map<number, number[]>,
): Promise<Set<number>> {
  const all = [...new Set([...siblings.values()].flat())];
  if (all.length === 0) return new Set();
  const rows = await db
    .selectFrom('ledger_rows as c')
    .select('c.student_id')
    .distinct()
    .where('c.kind', '=', 'charge')
    .where('c.term_id', '=', termId)
    .where('c.student_id', 'in', all)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_rows as v').select('v.id').whereRef('v.voids', '=', 'c.id'))),
    )
    .execute();
  return new Set(rows.map((r) => r.student_id));
}

/**
 * Charges a plan to the class's active students who have no charge of it (one voided is no
 * charge), each with the plan's instalments, in one transaction. The day they are charged
 * stands for the day they joined: a part due "on joining" is due that day, none falls due
 * before it (dueDay), and after the term's start the academy's late-join rule decides the
 * amount (chargeOf). A child whose brothers or sisters (siblingsOf: a guardian in common) were
 * charged in the term before them is given the academy's sibling discount, a discount row
 * beside the charge. Two administrators charging at once run one after the other (the plan's
 * row is locked on PostgreSQL; SQLite writes one transaction at a time), so nobody is charged
 * twice.
 */
export async function chargePlan(
  db: Db,
  plan: FeePlanRecord,
  context: ChargeContext,
  by: { id: number; name: string },
  now: number,
  /**
   * Only these of the class's students, joining now, and only if the plan is in force (charged
   * to someone already); all of them when left out. Decided under the plan's lock: a first
   * charge of the class running meanwhile has either charged them or is in force by now.
   */
  joining?: readonly number[],
): Promise<ChargeOutcome> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(db) === 'postgres')
      await trx
        .selectFrom('fee_plans')
        .select('id')
        .where('id', '=', plan.id)
        .forUpdate()
        .execute();
    const none = { charged: 0, skipped: 0, studentIds: [], amounts: [] };
    if (joining !== undefined && (await chargedCount(trx, plan.id)) === 0) return none;
    const students = (await activeStudentIdsOfClass(trx, plan.class_id)).filter(
      (id) => joining === undefined || joining.includes(id),
    );
    if (students.length === 0) return none;
    const already = await trx
      .selectFrom('ledger_rows as c')
      .select('c.student_id')
      .distinct()
      .where('c.fee_plan_id', '=', plan.id)
      .where('c.kind', '=', 'charge')
      .where('c.student_id', 'in', students)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('ledger_rows as v').select('v.id').whereRef('v.voids', '=', 'c.id'))),
      )
      .execute();
    const skip = new Set(already.map((r) => r.student_id));
    const due = plan.parts.map((part) =>
      dueDay(part.due, { termFirstDay: context.term.first_day, joinedOn: context.today }),
    );
    const charge = chargeOf(
      plan,
      context,
      // The sessions are counted only when the late-join rule asks for them.
      chargedBySessions(context)
        ? await sessionsOfTerm(trx, plan.class_id, context.term, context.today)
        : { total: 0, before: 0 },
    );
    const toCharge = students.filter((id) => !skip.has(id));
    const siblings = await siblingsOf(trx, toCharge);
    // The payers, and their brothers and sisters, held before their ledgers are read or
    // written (domain/people.ts holdPeople). Another class's plan charging a sibling at once
    // waits, then sees this charge and gives the later child the discount; a payment at the
    // desk meanwhile comes before or after these charges, so its receipt, rebuilt later from
    // the rows before it, says what it said.
    await holdPeople(trx, [...toCharge, ...[...siblings.values()].flat()]);
    const chargedSiblings = await siblingsCharged(trx, plan.term_id, siblings);
    const row = {
      fee_plan_id: plan.id,
      class_id: plan.class_id,
      term_id: plan.term_id,
      day: context.today,
      method: null,
      reference: null,
      cheque_number: null,
      cheque_day: null,
      created_by: by.id,
      created_by_name: by.name,
      created_at: now,
    };
    const charged: number[] = [];
    const amounts: number[] = [];
    for (const studentId of toCharge) {
      const { id } = await trx
        .insertInto('ledger_rows')
        .values({
          ...row,
          student_id: studentId,
          kind: 'charge',
          amount: charge.amount,
          reason: charge.late ? `${context.reason} (${charge.late})` : context.reason,
          voids: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ledger_instalments')
        .values(
          plan.parts.map((part, position) => ({
            charge_id: id,
            student_id: studentId,
            position,
            label: part.label,
            due_day: due[position] ?? context.today,
            amount: charge.parts[position] ?? 0,
          })),
        )
        .execute();
      // The family's place: siblings charged in the term before, and earlier in this run.
      const family = siblings.get(studentId) ?? [];
      const place = 1 + family.filter((s) => chargedSiblings.has(s) || charged.includes(s)).length;
      const percent = siblingDiscountPercent(place, {
        second: context.rules.sibling_second_percent,
        third: context.rules.sibling_third_percent,
      });
      const off = percent > 0 ? percentOf(charge.tuition, percent) : 0;
      if (off > 0)
        await trx
          .insertInto('ledger_rows')
          .values({
            ...row,
            student_id: studentId,
            kind: 'discount',
            for_charge: id,
            amount: off,
            reason: `Sibling discount: ${siblingWords(place)} (${percent}%)`,
            voids: null,
          })
          .execute();
      charged.push(studentId);
      amounts.push(charge.amount - off);
    }
    await restatePayers(trx, charged);
    return { charged: charged.length, skipped: skip.size, studentIds: charged, amounts };
  });
}
