import type { Debtor, DebtorsFilters } from '@academy/contract';
import { ROLE_ID } from '@academy/contract/constants';
import { dayNumberOf } from '@academy/contract/schedule-pattern';
import { balanceOf, type LedgerRow } from '@academy/contract/tuition/ledger';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import { ledgersOf, outstandingOf, type TermInstalment } from './ledger-data.js';

/**
 * Who owes (issue 52, point 5). The filtered payers' ledger rows and instalments are read in
 * two statements, whatever their number (ledgersOf), and each payer's balance, days overdue and next
 * instalment worked out in one pass with the ledger's own rules (outstandingOf: the payer's
 * credits set against the instalments oldest first). The totals are over every row the
 * filters keep; only the page's rows are given their classes' names.
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
 * One payer's standing: what they owe (of the term's charges when filtered by term), what of
 * it is past its due day and since when, and the next instalment still outstanding that is
 * not yet overdue (what is overdue is the overdue amount's). Null when they owe nothing.
 */
export function standingOf(
  rows: readonly LedgerRow[],
  instalments: readonly TermInstalment[],
  today: string,
  termId: number | undefined,
): Omit<Owing, 'student_id' | 'name'> | null {
  const ofTerm = new Set(
    instalments.filter((i) => termId === undefined || i.term_id === termId).map((i) => i.id),
  );
  const owed = outstandingOf(rows, instalments).filter(
    ({ instalment, outstanding }) => outstanding > 0 && ofTerm.has(instalment.id),
  );
  // The whole ledger's balance (refunds and credits too), or what the term's parts still want.
  const balance =
    termId === undefined ? balanceOf(rows) : owed.reduce((sum, o) => sum + o.outstanding, 0);
  if (balance <= 0) return null;
  let overdue = 0;
  let earliest: string | null = null;
  let next: Owing['next'] = null;
  for (const { instalment, outstanding } of owed) {
    if (instalment.due_day < today) {
      overdue += outstanding;
      if (earliest === null || instalment.due_day < earliest) earliest = instalment.due_day;
    } else if (next === null)
      next = { label: instalment.label, due_day: instalment.due_day, outstanding };
  }
  return {
    balance,
    overdue,
    days_overdue: earliest === null ? 0 : daysBetween(earliest, today),
    next,
  };
}

/** Every debtor the filters keep, most overdue first, then by what they owe, then by name. */
export async function findDebtors(
  db: Db,
  filters: DebtorsFilters,
  today: string,
): Promise<Owing[]> {
  const classId = filters.class_id;
  // Without a class every ledger is read whole: cheaper than asking for its payers first.
  const students = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('role_id', '=', ROLE_ID.user)
    .$if(classId !== undefined, (q) => q.where('id', 'in', payersOfClass(db, classId ?? 0)))
    .execute();
  const ledgers = await ledgersOf(
    db,
    classId === undefined ? 'everyone' : payersOfClass(db, classId),
  );
  const min = filters.min_days_overdue ?? 0;
  const found: Owing[] = [];
  for (const student of students) {
    const ledger = ledgers.get(student.id);
    if (!ledger) continue;
    const standing = standingOf(ledger.rows, ledger.instalments, today, filters.term_id);
    if (!standing || standing.days_overdue < min) continue;
    found.push({ student_id: student.id, name: student.name, ...standing });
  }
  return found.sort(
    (a, b) =>
      b.days_overdue - a.days_overdue ||
      b.balance - a.balance ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      a.student_id - b.student_id,
  );
}

/** The totals of the debtors the filters keep: how many, what they owe, what is overdue. */
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
