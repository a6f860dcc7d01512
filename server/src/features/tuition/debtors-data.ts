import type { Debtor, DebtorsFilters } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { dateOfDayNumber, dayNumberOf } from '@academy/contract/schedule-pattern';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { fetchPage, inSlices } from '../../db/lists.js';

/**
 * Who owes (issue 52, point 5), read from the standings each ledger write keeps (migration
 * 0060, restatePayers in ledger-data.ts): a payer's balance, and their instalments still
 * outstanding by due day and term. Days overdue, the filters, the order, the page and the
 * totals are worked out by the database, so a call reads one row per debtor on its page
 * whatever the size of the academy's ledgers; only the page's rows are given their next
 * instalment and their classes' names.
 */

/** A debtor before their classes are named. */
export type Owing = Omit<Debtor, 'classes'>;

/** A class's payers: its students now, and anyone charged its fees. */
function payersOfClass(db: Db, classId: number) {
  return db
    .selectFrom('class_students')
    .select('user_id as id')
    .where('class_id', '=', classId)
    .union(
      db
        .selectFrom('ledger_rows')
        .select('student_id as id')
        .where('kind', '=', 'charge')
        .where('class_id', '=', classId),
    );
}

/** Days from one 'YYYY-MM-DD' to a later one. */
const daysBetween = (from: string, to: string) => (dayNumberOf(to) ?? 0) - (dayNumberOf(from) ?? 0);

/**
 * Each debtor the filters keep, one row each: what they owe (of the term's charges when
 * filtered by term: what the term's parts still want; else the whole ledger's balance, refunds
 * and credits too), what of it is past its due day (a part due today is not), and the earliest
 * due day of that (null: nothing overdue).
 */
function standings(db: Db, filters: DebtorsFilters, today: string) {
  const overdue = sql<number>`cast(coalesce(sum(case when o.due_day < ${today} then o.outstanding else 0 end), 0) as bigint)`;
  const earliest = sql<string | null>`min(case when o.due_day < ${today} then o.due_day end)`;
  const classId = filters.class_id;
  const termId = filters.term_id;
  const base =
    termId === undefined
      ? db
          .selectFrom('payer_balances as b')
          .innerJoin('users as u', 'u.id', 'b.student_id')
          .leftJoin('owed_instalments as o', 'o.student_id', 'b.student_id')
          .select(['b.student_id', 'u.name', 'b.balance'])
          .where('b.balance', '>', 0)
          .groupBy(['b.student_id', 'u.name', 'b.balance'])
      : db
          .selectFrom('owed_instalments as o')
          .innerJoin('users as u', 'u.id', 'o.student_id')
          .select([
            'o.student_id',
            'u.name',
            sql<number>`cast(sum(o.outstanding) as bigint)`.as('balance'),
          ])
          .where('o.term_id', '=', termId)
          .groupBy(['o.student_id', 'u.name']);
  const min = filters.min_days_overdue ?? 0;
  return base
    .select([overdue.as('overdue'), earliest.as('earliest')])
    .where('u.role_id', '=', ROLE_ID.user)
    .$if(classId !== undefined, (q) => q.where('u.id', 'in', payersOfClass(db, classId ?? 0)))
    .$if(min > 0, (q) =>
      // At least `min` days overdue: a part past due on or before the day `min` days ago.
      q.having(earliest, '<=', dateOfDayNumber((dayNumberOf(today) ?? 0) - min)),
    );
}

/** The debtors the filters keep, most overdue first, then by what they owe, then by name. */
function inOrder(db: Db, filters: DebtorsFilters, today: string) {
  return db
    .selectFrom(standings(db, filters, today).as('d'))
    .selectAll()
    .orderBy(sql`coalesce(d.earliest, '9999-12-31')`)
    .orderBy('d.balance', 'desc')
    .orderBy('d.name')
    .orderBy('d.student_id');
}

/**
 * The debtors the filters keep, in order: every one, or a page of them (and whether more
 * follow). Each with their days overdue and next instalment.
 */
export async function findDebtors(
  db: Db,
  filters: DebtorsFilters,
  today: string,
  page?: { page: number; size: number },
): Promise<{ debtors: Owing[]; hasMore: boolean }> {
  const query = inOrder(db, filters, today);
  const { rows, hasMore } = page
    ? await fetchPage(query, page.page, page.size)
    : { rows: await query.execute(), hasMore: false };
  const next = await nextInstalmentsOf(
    db,
    rows.map((r) => r.student_id),
    today,
    filters.term_id,
  );
  return {
    debtors: rows.map((r) => ({
      student_id: r.student_id,
      name: r.name,
      balance: Number(r.balance),
      overdue: Number(r.overdue),
      days_overdue: r.earliest === null ? 0 : daysBetween(r.earliest, today),
      next: next.get(r.student_id) ?? null,
    })),
    hasMore,
  };
}

/** The totals of the debtors the filters keep: how many, what they owe, what is overdue. */
export async function debtorTotals(db: Db, filters: DebtorsFilters, today: string) {
  const totals = await db
    .selectFrom(standings(db, filters, today).as('d'))
    .select([
      sql<number>`count(*)`.as('count'),
      sql<number>`cast(coalesce(sum(d.balance), 0) as bigint)`.as('balance'),
      sql<number>`cast(coalesce(sum(d.overdue), 0) as bigint)`.as('overdue'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(totals.count),
    balance: Number(totals.balance),
    overdue: Number(totals.overdue),
  };
}

/**
 * Each payer's next instalment: the first still outstanding whose due day is today or to come
 * (of the term's, when filtered by term), by due day and then the one made first.
 */
async function nextInstalmentsOf(
  db: Db,
  studentIds: number[],
  today: string,
  termId: number | undefined,
): Promise<Map<number, NonNullable<Owing['next']>>> {
  const next = new Map<number, NonNullable<Owing['next']>>();
  for (const slice of inSlices(studentIds)) {
    const rows = await db
      .selectFrom('owed_instalments as o')
      .innerJoin('ledger_instalments as i', 'i.id', 'o.instalment_id')
      .select(['o.student_id', 'i.label', 'o.due_day', 'o.outstanding'])
      .where('o.student_id', 'in', slice)
      .where('o.due_day', '>=', today)
      .$if(termId !== undefined, (q) => q.where('o.term_id', '=', termId ?? 0))
      .orderBy('o.due_day')
      .orderBy('o.instalment_id')
      .execute();
    for (const row of rows)
      if (!next.has(row.student_id))
        next.set(row.student_id, {
          label: row.label,
          due_day: row.due_day,
          outstanding: Number(row.outstanding),
        });
  }
  return next;
}

/** The totals of debtors in hand (a reminder's run): how many, what they owe, what is overdue. */
export const totalsOf = (debtors: readonly Owing[]) => ({
  count: debtors.length,
  balance: debtors.reduce((sum, d) => sum + d.balance, 0),
  overdue: debtors.reduce((sum, d) => sum + d.overdue, 0),
});

/** The classes each of these students is in now, by name, in order. */
export async function classNamesOf(db: Db, studentIds: number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (const slice of inSlices(studentIds)) {
    const rows = await db
      .selectFrom('class_students as cs')
      .innerJoin('classes', 'classes.id', 'cs.class_id')
      .select(['cs.user_id', 'classes.name'])
      .where('cs.user_id', 'in', slice)
      .orderBy('classes.name')
      .execute();
    for (const row of rows) names.set(row.user_id, [...(names.get(row.user_id) ?? []), row.name]);
  }
  return names;
}

/** The debtors with their classes' names. */
export async function named(db: Db, debtors: readonly Owing[]): Promise<Debtor[]> {
  const classes = await classNamesOf(
    db,
    debtors.map((d) => d.student_id),
  );
  return debtors.map((d) => ({ ...d, classes: classes.get(d.student_id) ?? [] }));
}
