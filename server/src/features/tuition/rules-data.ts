import { DEFAULT_MONEY_RULES, type MoneyRules } from '@academy/contract/tuition/rules';
import type { Db } from '../../db/index.js';

/**
 * The academy's money rules (issue 52, point 2; migration 0058): one row, read when a class is
 * charged, a discount offered or a leaving student's refund proposed; the defaults until saved.
 */

const RULES_ID = 1;

export async function readMoneyRules(db: Db): Promise<{
  rules: MoneyRules;
  saved: { at: number; by: string } | null;
}> {
  const row = await db
    .selectFrom('money_rules')
    .selectAll()
    .where('id', '=', RULES_ID)
    .executeTakeFirst();
  if (!row) return { rules: DEFAULT_MONEY_RULES, saved: null };
  const { id: _, updated_by_name, updated_at, ...rules } = row;
  return { rules, saved: { at: Number(updated_at), by: updated_by_name } };
}

export async function saveMoneyRules(
  db: Db,
  rules: MoneyRules,
  byName: string,
  now: number,
): Promise<void> {
  const values = { ...rules, updated_by_name: byName, updated_at: now };
  await db
    .insertInto('money_rules')
    .values({ id: RULES_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** A class's sessions in a term that take place (not cancelled), and how many are before `day`. */
export async function sessionsOfTerm(
  db: Db,
  classId: number,
  term: { first_day: string; last_day: string },
  day: string,
): Promise<{ total: number; before: number }> {
  const rows = await db
    .selectFrom('class_sessions')
    .select('session_date')
    .where('class_id', '=', classId)
    .where('session_date', '>=', term.first_day)
    .where('session_date', '<=', term.last_day)
    .where('cancelled_at', 'is', null)
    .execute();
  return { total: rows.length, before: rows.filter((r) => r.session_date < day).length };
}
