import {
  SENDING_STUDENTS_PAGE_SIZE,
  SENDINGS_PAGE_SIZE,
  type SendingKind,
} from '@academy/contract';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { reachedSendings, type Within } from '../../auth/reach.js';
import type { Db } from '../../db/index.js';
import { fetchPage } from '../../db/lists.js';
import type { Database as DB } from '../../db/schema.js';
import { formatOptionalTimestamp, formatTimestamp } from '../../db/time.js';
import { firstSubmittedAt, isHandedIn, workFields } from '../assignments/work-fields.js';

/** What a sending is made with: who it went to, in words, and by whom. */
/**
 * The table of a kind's rows. Both have the columns read here (id, user_id, sending_id,
 * is_read, read_at): typed as one of them so one query serves both.
 */
const tableOf = (kind: SendingKind) =>
  (kind === 'assignment' ? 'assignments' : 'notifications') as 'assignments';

/**
 * Sendings of one kind with their rows' totals, read counts and text. Each count is a
 * subquery on the `(sending_id, is_read)` index, so a page of sendings costs its own rows
 * only: a join grouped over the whole table would count every row ever sent before the page
 * was cut (bench:lists). Every copy has the same text and due time, so any one row gives the
 * title and the due time. What was handed in is counted apart, for the page's rows only
 * (handedInCounts): in this select, PostgreSQL would count it for the rows an OFFSET skips too.
 */
function sendingsWithCounts(db: Db, kind: SendingKind) {
  const table = tableOf(kind);
  const rowsOf = (eb: ExpressionBuilder<DB & { s: DB['sendings'] }, 's'>) =>
    eb.selectFrom(`${table} as r`).whereRef('r.sending_id', '=', 's.id');
  return (
    db
      .selectFrom('sendings as s')
      .select((eb) => [
        's.id',
        's.kind',
        's.recipients',
        's.class_id',
        's.created_at',
        rowsOf(eb).select(eb.fn.countAll<number | string>().as('n')).as('total'),
        rowsOf(eb)
          .select((r) => r.fn.sum<number | string>('r.is_read').as('n'))
          .as('read_count'),
        rowsOf(eb)
          .select(sql<string>`${sql.ref(kind === 'assignment' ? 'r.title' : 'r.message')}`.as('t'))
          .limit(1)
          .as('title'),
        kind === 'assignment'
          ? rowsOf(eb).select('r.due_at').limit(1).as('due_at')
          : sql<null>`null`.as('due_at'),
      ])
      .where('s.kind', '=', kind)
      // A sending whose every row was removed is not listed.
      .where((eb) => eb.exists(rowsOf(eb).select('r.id')))
  );
}

type SendingRow = {
  id: number;
  kind: string;
  recipients: string;
  class_id: number | null;
  created_at: number;
  total: number | string;
  read_count: number | string | null;
  title: string | null;
  due_at: number | string | null;
};

/**
 * How many of each listed assignment sending's rows some submission names, for the page's
 * sendings only. Counted per sending, as a subquery, so the plan is the sending's rows by
 * `assignments_sending` and a probe of submissions `(assignment_id, created_at)` each: a page's
 * cost is its own rows. Written as one join over the page's ids, PostgreSQL read every
 * submission instead (bench:lists), which grows with the academy. Nothing for notifications.
 */
async function handedInCounts(
  db: Db,
  kind: SendingKind,
  sendingIds: number[],
): Promise<Map<number, number> | null> {
  if (kind !== 'assignment') return null;
  if (sendingIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sendings as s')
    .select((eb) => [
      's.id',
      eb
        .selectFrom('assignments as r')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('r.sending_id', '=', 's.id')
        .where(isHandedIn('r.id'))
        .as('n'),
    ])
    .where('s.id', 'in', sendingIds)
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.n ?? 0)]));
}

const asSending = (row: SendingRow, handedIn: Map<number, number> | null) => ({
  id: row.id,
  kind: row.kind as SendingKind,
  recipients: row.recipients,
  class_id: row.class_id,
  title: row.title ?? '',
  created_at: formatTimestamp(Number(row.created_at)),
  total: Number(row.total),
  read_count: Number(row.read_count ?? 0),
  handed_in_count: handedIn ? (handedIn.get(row.id) ?? 0) : null,
  // PostgreSQL's bigint arrives as text.
  due_at: formatOptionalTimestamp(row.due_at === null ? null : Number(row.due_at)),
});

/**
 * The sent items of one kind, newest first: every one for an administrator, a teacher's own
 * (the ones they sent, where they still teach: auth/reach.ts) for a teacher. A sending whose every row was removed is not listed.
 */
export async function listSendings(db: Db, kind: SendingKind, page: number, within: Within) {
  let query = sendingsWithCounts(db, kind);
  if (within !== undefined) query = query.where('s.id', 'in', reachedSendings(db, within));
  const { rows, hasMore } = await fetchPage(
    query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc'),
    page,
    SENDINGS_PAGE_SIZE,
  );
  const handedIn = await handedInCounts(
    db,
    kind,
    rows.map((r) => r.id),
  );
  return { sendings: rows.map((r) => asSending(r as SendingRow, handedIn)), hasMore };
}

export async function findSendingKind(db: Db, sendingId: number) {
  const row = await db
    .selectFrom('sendings')
    .select('kind')
    .where('id', '=', sendingId)
    .executeTakeFirst();
  return row?.kind;
}

export interface SendingStudentsFilter {
  read: 'all' | 'read' | 'unread';
  /** An assignment's: handed in work naming it, or not. */
  work: 'all' | 'handed_in' | 'not_handed_in';
  page: number;
}

/**
 * One sending and a page of its students with their read states and, for an assignment,
 * where each one's work stands (the rule of View Assignments, work-fields.ts). The filters
 * are in SQL, so a page is a page of what was asked for.
 */
export async function getSending(
  db: Db,
  sendingId: number,
  filter: SendingStudentsFilter,
  now: number,
) {
  const kind = await findSendingKind(db, sendingId);
  if (!kind) return undefined;
  const head = await sendingsWithCounts(db, kind).where('s.id', '=', sendingId).executeTakeFirst();
  if (!head) return undefined;
  const isAssignment = kind === 'assignment';
  const table = tableOf(kind);
  let rowsQuery = db
    .selectFrom(`${table} as r`)
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'u.name',
      'r.is_read',
      'r.read_at',
      isAssignment ? 'r.due_at' : sql<null>`null`.as('due_at'),
      isAssignment
        ? firstSubmittedAt('r.id').as('submitted_at')
        : sql<null>`null`.as('submitted_at'),
    ])
    .where('r.sending_id', '=', sendingId);
  if (filter.read !== 'all')
    rowsQuery = rowsQuery.where('r.is_read', '=', filter.read === 'read' ? 1 : 0);
  if (isAssignment && filter.work === 'handed_in') rowsQuery = rowsQuery.where(isHandedIn('r.id'));
  if (isAssignment && filter.work === 'not_handed_in')
    rowsQuery = rowsQuery.where(sql<SqlBool>`not ${isHandedIn('r.id')}`);
  const { rows, hasMore } = await fetchPage(
    rowsQuery.orderBy('u.name').orderBy('r.id'),
    filter.page,
    SENDING_STUDENTS_PAGE_SIZE,
  );
  return {
    sending: asSending(head as SendingRow, await handedInCounts(db, kind, [sendingId])),
    students: rows.map((r) => {
      const work = isAssignment
        ? workFields({ due_at: r.due_at, submitted_at: r.submitted_at }, now)
        : { submitted_at: null, work_state: null };
      return {
        user_id: r.user_id,
        name: r.name,
        is_read: r.is_read === 1 ? (1 as const) : (0 as const),
        read_at: formatOptionalTimestamp(r.read_at),
        submitted_at: work.submitted_at,
        work_state: work.work_state,
      };
    }),
    hasMore,
  };
}

/** The students a sending's rows belong to (whose screens show it). */
export async function studentsOfSending(
  db: Db,
  kind: SendingKind,
  sendingId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(tableOf(kind))
    .select('user_id')
    .where('sending_id', '=', sendingId)
    .execute();
  return rows.map((r) => r.user_id);
}
