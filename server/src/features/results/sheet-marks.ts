import { divideHalfUp } from '@academy/contract/results';
import { MARKS, type Mark, type RollRules, summarizeCounts } from '@academy/contract/roll-rules';
import type { Term } from '@academy/contract/terms';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { absenceCounts } from '../roll/roll-data.js';

/**
 * What a result sheet reads from the app, one query a source for the whole class
 * (sheet-data.ts's readSheet puts them together): the members and their roll marks, absences,
 * typed scores, marked corrections and spoken replies, adjustments and what was published.
 */

/** A component excused or overridden for a student, with who and when. */
export interface Adjustment {
  component_key: string;
  kind: 'excused' | 'override';
  /** The override's score (hundredths of a percent); null when excused. */
  score: number | null;
  reason: string | null;
  by: string | null;
  at: number;
}

/**
 * A student's marked pieces of work for a computed component: how many, and the sum of their
 * percentages, each rounded as contract/src/results.ts's percentOf rounds it.
 */
export type Pieces = { n: number; sum: number };

/** meanPercent of the pieces: their rounded percentages' mean, rounded half up; null with none. */
export const meanOf = (pieces: Pieces | undefined) =>
  pieces && pieces.n > 0 ? divideHalfUp(pieces.sum, pieces.n) : null;

/**
 * A mark's percentage in hundredths as percentOf makes it (divideHalfUp(hundredths · 100,
 * out of), a mark without its maximum out of 100), in integer SQL: whole numbers divided
 * truncate on both databases, which for these (never negative) is the floor divideHalfUp
 * takes. Summed per student in the database, so a sheet of 2,000 reads a row a student, not
 * one per piece of work.
 */
const percentSum = (hundredths: string, outOf: string) =>
  sql<
    number | string
  >`sum((200 * ${sql.ref(hundredths)} + coalesce(${sql.ref(outOf)}, 100)) / (2 * coalesce(${sql.ref(outOf)}, 100)))`;

/** A sheet's students: their ids, or a subquery of the class's members. */
export type Whose = number[] | SelectQueryBuilder<Database, 'class_students', { user_id: number }>;

export const noMarks = (): Record<Mark, number> => ({ present: 0, late: 0, absent: 0, excused: 0 });

/**
 * A class's members today (or those of them named), by name, and how many of each mark each
 * has on the class's rolls of the term (its sessions within the term that took place and whose
 * roll was taken): counted in the database, not a row per mark (2,000 students by 40 sessions
 * are 80,000 marks), as the class page's grid (roll-data's classAttendance) counts them.
 */
export async function classMarks(db: Db, classId: number, term: Term, only?: readonly number[]) {
  let members = db
    .selectFrom('class_students as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .select(['u.id', 'u.name', 'u.username'])
    .where('cs.class_id', '=', classId)
    .orderBy('u.name')
    .orderBy('u.id');
  let counts = db
    .selectFrom('roll_marks as m')
    .select((eb) => ['m.user_id', 'm.mark', eb.fn.countAll<number | string>().as('n')])
    .where(
      'm.class_session_id',
      'in',
      db
        .selectFrom('class_sessions')
        .select('id')
        .where('class_id', '=', classId)
        .where('cancelled_at', 'is', null)
        .where('roll_taken_at', 'is not', null)
        .where('session_date', '>=', term.first_day)
        .where('session_date', '<=', term.last_day),
    )
    .groupBy(['m.user_id', 'm.mark']);
  if (only) {
    // A save's lines: its students alone (at most a sheet's worth, MAX_SCORES_PER_SAVE).
    members = members.where('cs.user_id', 'in', [...only]);
    counts = counts.where('m.user_id', 'in', [...only]);
  }
  const [named, counted] = await Promise.all([
    only?.length === 0 ? [] : members.execute(),
    only?.length === 0 ? [] : counts.execute(),
  ]);
  const marks = new Map<number, Record<Mark, number>>();
  for (const row of counted) {
    if (!MARKS.includes(row.mark as Mark)) continue;
    const own = marks.get(row.user_id) ?? noMarks();
    own[row.mark as Mark] += Number(row.n);
    marks.set(row.user_id, own);
  }
  return { members: named, marks };
}

/**
 * Each student's absences this term over all their classes' rolls, as the roll's standings
 * and warning list count them (roll-data's absenceCounts: the absent and late marks from their
 * own index). A student without one is absent from the map.
 */
export async function absencesOf(db: Db, whose: Whose, term: Term, rules: RollRules) {
  const absences = new Map<number, number>();
  const rows = await absenceCounts(db, term).where('m.user_id', 'in', whose).execute();
  for (const row of rows) {
    const counts = { ...noMarks(), absent: Number(row.absent), late: Number(row.late) };
    absences.set(row.user_id, summarizeCounts(counts, rules).absences);
  }
  return absences;
}

/** Each student's excused and overridden components, by `${student}:${key}`. */
export async function adjustmentsOf(db: Db, classId: number, termId: number, whose: Whose) {
  let query = db
    .selectFrom('result_adjustments as a')
    .leftJoin('users as u', 'u.id', 'a.updated_by')
    .select([
      'a.user_id',
      'a.component_key',
      'a.kind',
      'a.hundredths',
      'a.reason',
      'a.updated_at',
      'u.name as by',
    ])
    .where('a.class_id', '=', classId)
    .where('a.term_id', '=', termId);
  if (Array.isArray(whose)) query = query.where('a.user_id', 'in', whose);
  const map = new Map<string, Adjustment>();
  for (const row of await query.execute())
    map.set(`${row.user_id}:${row.component_key}`, {
      component_key: row.component_key,
      kind: row.kind,
      score: row.kind === 'override' ? row.hundredths : null,
      reason: row.reason,
      by: row.by,
      at: Number(row.updated_at),
    });
  return map;
}

export async function typedScores(db: Db, classId: number, termId: number, whose: Whose) {
  const scores = new Map<string, number>();
  let query = db
    .selectFrom('result_scores')
    .select(['user_id', 'component_key', 'hundredths'])
    .where('class_id', '=', classId)
    .where('term_id', '=', termId);
  if (Array.isArray(whose)) query = query.where('user_id', 'in', whose);
  const rows = await query.execute();
  for (const row of rows) scores.set(`${row.user_id}:${row.component_key}`, row.hundredths);
  return scores;
}

/** Each student's marked corrections made within [from, to). */
export async function correctionMarks(db: Db, whose: Whose, from: number, to: number) {
  const rows = await db
    .selectFrom('corrections')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number | string>().as('n'),
      percentSum('mark_hundredths', 'mark_out_of').as('sum'),
    ])
    .where('user_id', 'in', whose)
    .where('mark_hundredths', 'is not', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, { n: Number(row.n), sum: Number(row.sum) }]));
}

/** Each student's spoken answers marked by a reply, answered within [from, to). */
export async function replyMarks(db: Db, whose: Whose, from: number, to: number) {
  const rows = await db
    .selectFrom('speaking_answers')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number | string>().as('n'),
      percentSum('reply_mark_hundredths', 'reply_mark_out_of').as('sum'),
    ])
    .where('user_id', 'in', whose)
    .where('reply_mark_hundredths', 'is not', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, { n: Number(row.n), sum: Number(row.sum) }]));
}

export async function publishedResults(db: Db, classId: number, termId: number, whose: Whose) {
  let query = db
    .selectFrom('term_results')
    .select(['user_id', 'total_hundredths', 'outcome', 'components'])
    .where('class_id', '=', classId)
    .where('term_id', '=', termId);
  if (Array.isArray(whose)) query = query.where('user_id', 'in', whose);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}
