import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findClassHead } from '../../domain/classes.js';
import { findTerm } from '../../domain/terms.js';
import { warnTo } from '../../warn.js';
import { chargePlan, feesReason, findFeePlan } from './plans-data.js';
import { readMoneyRules } from './rules-data.js';

/**
 * Joining a class charges its fees (issue 52, point 2). A class whose fee plan for a term not
 * yet over has been charged (the office started charging it: a plan saved and not charged is
 * a draft) charges each student who joins it then, by the academy's rules: the whole fee, or
 * by the sessions left when they join late, and a sibling discount. A service, so the classes
 * feature asks it through its deps without importing money; it runs after the join's own
 * transaction, and a charge that fails leaves the student in the class, uncharged, for the
 * fee plan screen's "Charge" (which charges whoever is not yet charged) to catch.
 */
export type ChargeJoiners = (
  classId: number,
  studentIds: readonly number[],
  by: { id: number; name: string },
) => Promise<{ charged: number[]; failed: boolean }>;

declare module '../../http/call.js' {
  interface AppServices {
    /** Charges students joining a class its fees in force (join-charges.ts). */
    chargeJoiners: ChargeJoiners;
  }
}

async function joinCharges(app: FastifyInstance) {
  const { db, now } = app.base;
  const chargeJoiners: ChargeJoiners = async (classId, studentIds, by) => {
    if (studentIds.length === 0 || !app.settings.current.currency)
      return { charged: [], failed: false };
    const today = app.today();
    const plans = await db
      .selectFrom('fee_plans as p')
      .innerJoin('terms as t', 't.id', 'p.term_id')
      .select(['p.term_id'])
      .where('p.class_id', '=', classId)
      .where('t.last_day', '>=', today)
      .orderBy('t.first_day')
      .execute();
    // Most joins meet no plan: then nothing more is read.
    if (plans.length === 0) return { charged: [], failed: false };
    const charged = new Set<number>();
    const { rules } = await readMoneyRules(db);
    const schoolClass = await findClassHead(db, classId);
    try {
      for (const { term_id } of plans) {
        const plan = await findFeePlan(db, classId, term_id);
        const term = await findTerm(db, term_id);
        // A plan not yet charged to the class charges them when the office charges it.
        if (!plan || !term) continue;
        const outcome = await chargePlan(
          db,
          plan,
          { reason: feesReason(schoolClass?.name ?? 'a class', term.name), term, today, rules },
          by,
          now(),
          studentIds,
        );
        for (const id of outcome.studentIds) charged.add(id);
      }
    } catch (error) {
      // The students joined all the same (the join's transaction is done): the office is told
      // to charge them from the plan, which charges whoever is not yet charged.
      warnTo(app.log)(error, 'charging the students who joined a class failed');
      return { charged: [...charged], failed: true };
    }
    return { charged: [...charged], failed: false };
  };
  app.decorate('chargeJoiners', chargeJoiners);
}

export default fp(joinCharges, { name: 'join-charges', dependencies: ['settings'] });
