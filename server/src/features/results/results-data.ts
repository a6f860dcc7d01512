import { randomBytes } from 'node:crypto';
import { withoutHidden } from '@academy/contract';
import {
  ADJUSTMENT_REASON_MAX,
  attendancePercent,
  type Bands,
  type Component,
  type ComponentSource,
  DEFAULT_BANDS,
  DEFAULT_COMPONENTS,
  divideHalfUp,
  meanPercent,
  nextComponentKey,
  notReadyWords,
  OUTCOME_WORDS,
  type Outcome,
  type PublishedComponent,
  readScore,
  schemeProblem,
  scoreText,
  totalOf,
} from '@academy/contract/results';
import { MARKS, type Mark, type RollRules, summarizeCounts } from '@academy/contract/roll-rules';
import type { Term } from '@academy/contract/terms';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import type { Database } from '../../db/schema.js';
import { addDays, startOfDayInZone } from '../../db/time.js';
import { tellStudent } from '../notifications/notifications-data.js';
import { absenceCounts } from '../roll/roll-data.js';
import type { OutboxSetup } from '../settings/settings-data.js';
import { skillMarksOf } from '../skills/skills-data.js';

/**
 * A term's results (issue 30, points 3–5; migration 0032). The sheet is computed whenever it is
 * read: typed scores from result_scores, the rest from what the app holds (the term's marked
 * corrections, spoken replies, exams and Skill Builder items, the class's roll). Publishing freezes each student's line
 * into term_results, which is all a student ever reads.
 */

/** The scheme a class follows (its own, else the academy's), or the academy's (no class). */
export async function readScheme(
  db: Db,
  classId?: number,
): Promise<{ components: Component[]; academyScheme: boolean; bands: Bands }> {
  const settings = await db
    .selectFrom('academy_settings')
    .select(['result_scheme', 'result_bands'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const bands = parsed<Bands>(settings?.result_bands) ?? DEFAULT_BANDS;
  const academy = parsed<Component[]>(settings?.result_scheme) ?? [...DEFAULT_COMPONENTS];
  if (classId === undefined) return { components: academy, academyScheme: true, bands };
  const own = await db
    .selectFrom('classes')
    .select('result_scheme')
    .where('id', '=', classId)
    .executeTakeFirst();
  const components = parsed<Component[]>(own?.result_scheme);
  return components
    ? { components, academyScheme: false, bands }
    : { components: academy, academyScheme: true, bands };
}

const parsed = <T>(json: string | null | undefined): T | null =>
  json ? (JSON.parse(json) as T) : null;

/** A component of a scheme being saved: a key it had, or none (a new one). */
export type ComponentInput = Omit<Component, 'key'> & { key?: string | undefined };

export type SchemeSave = { saved: true } | { refused: string };

/**
 * Saves the academy's scheme (no class) or a class's own, or gives a class the academy's again
 * (`components` null). New components take the next key of the scheme they join, and the
 * typed scores of components that are gone go with them, in the same transaction, so a key
 * taken again starts empty and is never read with another component's scores.
 */
export function saveScheme(
  db: Db,
  classId: number | undefined,
  components: readonly ComponentInput[] | null,
): Promise<SchemeSave> {
  return db.transaction().execute(async (trx) => {
    const before = await readScheme(trx, classId);
    let next: Component[] | null = null;
    if (components !== null) {
      // A class taking its own scheme starts from the keys of the scheme it followed.
      const known = new Set(before.components.map((c) => c.key));
      const given: Component[] = [];
      for (const component of components) {
        if (component.key !== undefined && !known.has(component.key))
          return { refused: 'The components’ keys are not valid.' };
        const key = component.key ?? nextComponentKey([...before.components, ...given]);
        given.push({ ...component, key, name: component.name.trim() });
      }
      const problem = schemeProblem(given);
      if (problem) return { refused: problem };
      next = given;
    }
    const kept = new Set((next ?? (await readScheme(trx)).components).map((c) => c.key));
    const gone = before.components.map((c) => c.key).filter((key) => !kept.has(key));
    const json = next === null ? null : JSON.stringify(next);
    if (classId === undefined) {
      await trx
        .updateTable('academy_settings')
        .set({ result_scheme: json })
        .where('id', '=', 1)
        .execute();
    } else {
      await trx
        .updateTable('classes')
        .set({ result_scheme: json })
        .where('id', '=', classId)
        .execute();
    }
    if (gone.length > 0) {
      let scores = trx.deleteFrom('result_scores').where('component_key', 'in', gone);
      scores =
        classId === undefined
          ? scores.where(
              'class_id',
              'in',
              trx.selectFrom('classes').select('id').where('result_scheme', 'is', null),
            )
          : scores.where('class_id', '=', classId);
      await scores.execute();
    }
    return { saved: true };
  });
}

export async function saveBands(db: Db, bands: Bands) {
  await db
    .updateTable('academy_settings')
    .set({ result_bands: JSON.stringify(bands) })
    .where('id', '=', 1)
    .execute();
}

/** What a sheet is computed within: the academy's rules and clock. */
export interface SheetContext {
  rules: RollRules;
  timeZone: string;
}

export interface SheetLine {
  id: number;
  name: string;
  /** For the CSV's username column and the import's matching; the sheet's answer leaves it out. */
  username: string;
  scores: (number | null)[];
  absences: number;
  eligible: boolean;
  attendance: number | null;
  total: number | null;
  outcome: Outcome | null;
  missing: string[];
  published: { total: number; outcome: Outcome } | null;
  differs: boolean;
  /** The components the teacher excused or overrode for this student (issue 49, point 9). */
  adjustments: Adjustment[];
}

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
 * A class's sheet of a term as it stands now, for its members today (or those of them named):
 * each component's score, the total and outcome, and what was published. A few queries
 * whatever the class's size, each counting or reading only what the sheet shows (bench:lists
 * measures a sheet of 2,000 students).
 */
export async function readSheet(
  db: Db,
  cls: { id: number },
  term: Term,
  context: SheetContext,
  only?: readonly number[],
) {
  const scheme = await readScheme(db, cls.id);
  const { components, bands } = scheme;
  const { members, marks } = await classMarks(db, cls.id, term, only);
  if (members.length === 0) return { scheme, lines: [] as SheetLine[] };
  // Whose marks are read: the students named (a save's), or the class's members as a
  // subquery, one statement however large the class rather than thousands of ids bound.
  const whose = only
    ? members.map((m) => m.id)
    : db.selectFrom('class_students').select('user_id').where('class_id', '=', cls.id);
  const from = startOfDayInZone(term.first_day, context.timeZone);
  const to = startOfDayInZone(addDays(term.last_day, 1), context.timeZone);
  const needs = new Set(components.map((c) => c.source));
  const [typed, activity, oral, skills, absences, published, adjusted] = await Promise.all([
    typedScores(db, cls.id, term.id, whose),
    needs.has('activity') ? correctionMarks(db, whose, from, to) : new Map<number, Pieces>(),
    needs.has('oral') ? replyMarks(db, whose, from, to) : new Map<number, Pieces>(),
    needs.has('skills')
      ? skillMarksOf(
          db,
          members.map((m) => m.id),
          { from, to },
        )
      : new Map<number, { hundredths: number; out_of: number }[]>(),
    absencesOf(db, whose, term, context.rules),
    publishedResults(db, cls.id, term.id, whose),
    adjustmentsOf(db, cls.id, term.id, whose),
  ]);
  const lines: SheetLine[] = members.map((member) => {
    const summary = summarizeCounts(marks.get(member.id) ?? noMarks(), context.rules);
    const attendancePoints = attendancePercent(
      summary.points,
      summary.sessions * context.rules.points.present,
    );
    const computed: Record<Exclude<ComponentSource, 'typed'>, number | null> = {
      activity: meanOf(activity.get(member.id)),
      oral: meanOf(oral.get(member.id)),
      attendance: attendancePoints,
      skills: meanPercent(skills.get(member.id) ?? []),
    };
    const own = components.map((c) => adjusted.get(`${member.id}:${c.key}`));
    // An override stands for the computed figure; an excused component keeps what it has.
    const scores = components.map((component, i) =>
      own[i]?.kind === 'override'
        ? own[i].score
        : component.source === 'typed'
          ? (typed.get(`${member.id}:${component.key}`) ?? null)
          : computed[component.source],
    );
    const absent = absences.get(member.id) ?? 0;
    const limit = context.rules.absenceLimit;
    const eligible = limit === null || absent <= limit;
    const excused = own.map((a) => a?.kind === 'excused');
    const total = totalOf({ scores, eligible, excused }, components, bands);
    const was = published.get(member.id);
    return {
      id: member.id,
      name: member.name,
      username: member.username,
      scores,
      absences: absent,
      eligible,
      attendance: attendancePoints,
      total: total.total,
      outcome: total.outcome,
      missing: total.missing,
      published: was ? { total: was.total_hundredths, outcome: was.outcome as Outcome } : null,
      differs:
        was !== undefined &&
        (total.total !== was.total_hundredths ||
          total.outcome !== was.outcome ||
          // What publishing would freeze now, made only for a line that was published.
          JSON.stringify(
            total.total === null ? null : freeze(components, scores, eligible, excused),
          ) !== was.components),
      adjustments: own.filter((a): a is Adjustment => a !== undefined),
    };
  });
  return { scheme, lines };
}

/**
 * A student's marked pieces of work for a computed component: how many, and the sum of their
 * percentages, each rounded as contract/src/results.ts's percentOf rounds it.
 */
type Pieces = { n: number; sum: number };

/** meanPercent of the pieces: their rounded percentages' mean, rounded half up; null with none. */
const meanOf = (pieces: Pieces | undefined) =>
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
type Whose = number[] | SelectQueryBuilder<Database, 'class_students', { user_id: number }>;

const noMarks = (): Record<Mark, number> => ({ present: 0, late: 0, absent: 0, excused: 0 });

/**
 * A class's members today (or those of them named), by name, and how many of each mark each
 * has on the class's rolls of the term (its sessions within the term that took place and whose
 * roll was taken): counted in the database, not a row per mark (2,000 students by 40 sessions
 * are 80,000 marks), as the class page's grid (roll-data's classAttendance) counts them.
 */
async function classMarks(db: Db, classId: number, term: Term, only?: readonly number[]) {
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
async function absencesOf(db: Db, whose: Whose, term: Term, rules: RollRules) {
  const absences = new Map<number, number>();
  const rows = await absenceCounts(db, term).where('m.user_id', 'in', whose).execute();
  for (const row of rows) {
    const counts = { ...noMarks(), absent: Number(row.absent), late: Number(row.late) };
    absences.set(row.user_id, summarizeCounts(counts, rules).absences);
  }
  return absences;
}

/** What publishing keeps of the components: a final the student could not sit has no score. */
function freeze(
  components: readonly Component[],
  scores: readonly (number | null)[],
  eligible: boolean,
  excused: readonly boolean[],
): PublishedComponent[] {
  return components.map((c, i) => {
    const sat = !(c.final && !eligible);
    // `excused` only where it is: a line published before issue 49 freezes the same JSON.
    if (sat && excused[i])
      return { name: c.name, weight: c.weight, final: c.final, score: null, excused: true };
    return {
      name: c.name,
      weight: c.weight,
      final: c.final,
      score: sat ? (scores[i] ?? null) : null,
    };
  });
}

/** Each student's excused and overridden components, by `${student}:${key}`. */
async function adjustmentsOf(db: Db, classId: number, termId: number, whose: Whose) {
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

async function typedScores(db: Db, classId: number, termId: number, whose: Whose) {
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
async function correctionMarks(db: Db, whose: Whose, from: number, to: number) {
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
async function replyMarks(db: Db, whose: Whose, from: number, to: number) {
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

async function publishedResults(db: Db, classId: number, termId: number, whose: Whose) {
  let query = db
    .selectFrom('term_results')
    .select(['user_id', 'total_hundredths', 'outcome', 'components'])
    .where('class_id', '=', classId)
    .where('term_id', '=', termId);
  if (Array.isArray(whose)) query = query.where('user_id', 'in', whose);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}

export async function findTerm(db: Db, termId: number): Promise<Term | undefined> {
  return db
    .selectFrom('terms')
    .select(['id', 'name', 'first_day', 'last_day'])
    .where('id', '=', termId)
    .executeTakeFirst();
}

/** Who published a class's sheet of a term, and when; undefined: a draft. */
export function sheetPublication(db: Db, classId: number, termId: number) {
  return db
    .selectFrom('result_sheets as s')
    .leftJoin('users as u', 'u.id', 's.published_by')
    .select(['s.published_at', 'u.name as published_by'])
    .where('s.class_id', '=', classId)
    .where('s.term_id', '=', termId)
    .executeTakeFirst();
}

export interface ScoreInput {
  student_id: number;
  component_key: string;
  score: string;
}

export type ScoresSave = { saved: number[] } | { refused: string };

/**
 * Saves typed scores (a cell, or a pasted column) all or none: each must name a member of the
 * class and a typed component of its scheme, and read as a score; '' clears a cell.
 */
export async function saveScores(
  db: Db,
  place: { classId: number; termId: number },
  scores: readonly ScoreInput[],
  by: { userId: number; now: number },
): Promise<ScoresSave> {
  const { components } = await readScheme(db, place.classId);
  const byKey = new Map(components.map((c) => [c.key, c]));
  const studentIds = [...new Set(scores.map((s) => s.student_id))];
  const members = new Set<number>();
  for (const slice of inSlices(studentIds)) {
    const rows = await db
      .selectFrom('class_students')
      .select('user_id')
      .where('class_id', '=', place.classId)
      .where('user_id', 'in', slice)
      .execute();
    for (const row of rows) members.add(row.user_id);
  }
  const writes: { userId: number; key: string; score: number | null }[] = [];
  for (const entry of scores) {
    const component = byKey.get(entry.component_key);
    if (!component) return { refused: 'That component is not on this class’s sheet.' };
    if (component.source !== 'typed')
      return { refused: `“${component.name}” is computed by the app; it cannot be typed.` };
    if (!members.has(entry.student_id))
      return { refused: 'A student of these scores is not in this class.' };
    const read = readScore(entry.score);
    if ('problem' in read) return { refused: `${component.name}: ${read.problem}` };
    writes.push({ userId: entry.student_id, key: component.key, score: read.score });
  }
  await db.transaction().execute(async (trx) => {
    for (const write of writes) {
      const cell = trx
        .deleteFrom('result_scores')
        .where('term_id', '=', place.termId)
        .where('class_id', '=', place.classId)
        .where('user_id', '=', write.userId)
        .where('component_key', '=', write.key);
      if (write.score === null) {
        await cell.execute();
        continue;
      }
      await trx
        .insertInto('result_scores')
        .values({
          term_id: place.termId,
          class_id: place.classId,
          user_id: write.userId,
          component_key: write.key,
          hundredths: write.score,
          updated_at: by.now,
          updated_by: by.userId,
        })
        .onConflict((oc) =>
          oc.columns(['term_id', 'class_id', 'user_id', 'component_key']).doUpdateSet({
            hundredths: write.score ?? 0,
            updated_at: by.now,
            updated_by: by.userId,
          }),
        )
        .execute();
    }
  });
  return { saved: studentIds };
}

export interface AdjustmentInput {
  student_id: number;
  component_key: string;
  /** 'none' takes an excuse or override away. */
  kind: 'excused' | 'override' | 'none';
  /** An override's score as typed (readScore). */
  score?: string | undefined;
  reason?: string | undefined;
}

/**
 * Excuses a student's component, overrides it with a score and a reason, or takes either away
 * (issue 49, point 9): one row per student and component, with who and when. An override is
 * for a computed component (a typed one is typed on the sheet) and needs a reason and a score
 * read as every score is; a final of a student over the absence limit cannot be excused (the
 * absence rule counts it 0).
 */
export async function saveAdjustment(
  db: Db,
  place: { cls: { id: number }; term: Term; context: SheetContext },
  input: AdjustmentInput,
  by: { userId: number; now: number },
): Promise<{ saved: true } | { refused: string }> {
  const { cls, term, context } = place;
  const { scheme, lines } = await readSheet(db, cls, term, context, [input.student_id]);
  const component = scheme.components.find((c) => c.key === input.component_key);
  if (!component) return { refused: 'That component is not on this class’s sheet.' };
  const line = lines[0];
  if (!line) return { refused: 'This student is not in this class.' };
  const cell = {
    term_id: term.id,
    class_id: cls.id,
    user_id: line.id,
    component_key: component.key,
  };
  if (input.kind === 'none') {
    await db
      .deleteFrom('result_adjustments')
      .where('term_id', '=', cell.term_id)
      .where('class_id', '=', cell.class_id)
      .where('user_id', '=', cell.user_id)
      .where('component_key', '=', cell.component_key)
      .execute();
    return { saved: true };
  }
  const reason = withoutHidden(input.reason ?? '').trim();
  if (reason.length > ADJUSTMENT_REASON_MAX)
    return { refused: `A reason must be at most ${ADJUSTMENT_REASON_MAX} characters.` };
  let hundredths: number | null = null;
  if (input.kind === 'excused') {
    if (component.final && !line.eligible)
      return {
        refused: `${line.name} is over the absence limit: “${component.name}” counts 0 and cannot be excused.`,
      };
  } else {
    if (component.source === 'typed')
      return {
        refused: `“${component.name}” is typed on the sheet: type the score instead of overriding it.`,
      };
    const read = readScore(input.score ?? '');
    if ('problem' in read) return { refused: `${component.name}: ${read.problem}` };
    if (read.score === null) return { refused: 'Please type the score that overrides it.' };
    if (reason === '') return { refused: 'Please say why the score is overridden.' };
    hundredths = read.score;
  }
  const values = {
    kind: input.kind,
    hundredths,
    reason: reason === '' ? null : reason,
    updated_at: by.now,
    updated_by: by.userId,
  };
  await db
    .insertInto('result_adjustments')
    .values({ ...cell, ...values })
    .onConflict((oc) =>
      oc.columns(['term_id', 'class_id', 'user_id', 'component_key']).doUpdateSet(values),
    )
    .execute();
  return { saved: true };
}

/** An unguessable certificate code: 20 characters of base32 (100 bits), grouped for reading. */
export function certificateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  let code = '';
  for (const byte of bytes) code += alphabet[byte & 31];
  return code.replace(/(.{5})(?!$)/g, '$1-');
}

/** A student left out of a publication: no total yet, and why. */
export interface NotReady {
  id: number;
  name: string;
  why: string;
}

/** A certificate a publication withdrew: its student's name and code. */
export interface Withdrawn {
  id: number;
  name: string;
  code: string;
}

export type Publication =
  | { refused: string }
  | {
      published: number[];
      changed: number[];
      unchanged: number;
      notReady: NotReady[];
      withdrawn: Withdrawn[];
    };

/** Which of a line's components are excused, in the scheme's order. */
const excusedOf = (components: readonly Component[], line: SheetLine) =>
  components.map((c) =>
    line.adjustments.some((a) => a.component_key === c.key && a.kind === 'excused'),
  );

/**
 * Publishes a class's sheet of a term (issue 49, point 9: never stalled by one student): each
 * member with a total is frozen into term_results (the first time), or replaced and marked
 * changed (when the sheet now says otherwise), and told, in the same transaction. Members
 * without a total are left out and named (`notReady`); publishing again later adds them, and
 * a published line that has lost its total keeps what was published. Only a class where
 * nobody has a total is refused. A pass gets a certificate code; a result that stops being a
 * pass has its certificate withdrawn (point 11): the code leaves the result and is kept in
 * withdrawn_certificates with when, so the public check can say so.
 */
export async function publishSheet(
  db: Db,
  cls: { id: number; name: string; level: string | null },
  term: Term,
  context: SheetContext,
  by: { userId: number; now: number; outbox: OutboxSetup },
) {
  const { scheme, lines: members } = await readSheet(db, cls, term, context);
  if (members.length === 0)
    return { refused: 'This class has no students to publish results for.' };
  const notReady = members
    .filter((line) => line.total === null)
    .map((line) => ({ id: line.id, name: line.name, why: notReadyWords(line.missing) }));
  const lines = members.filter((line) => line.total !== null);
  if (lines.length === 0)
    return {
      refused:
        'No student has a total yet: every component needs a score, or to be excused, before results are published.',
    };
  return db.transaction().execute(async (trx): Promise<Publication> => {
    const published: number[] = [];
    const changed: number[] = [];
    const withdrawn: Withdrawn[] = [];
    await trx
      .insertInto('result_sheets')
      .values({ term_id: term.id, class_id: cls.id, published_at: by.now, published_by: by.userId })
      .onConflict((oc) =>
        oc
          .columns(['term_id', 'class_id'])
          .doUpdateSet({ published_at: by.now, published_by: by.userId }),
      )
      .execute();
    const existing = new Map(
      (
        await trx
          .selectFrom('term_results')
          .select(['id', 'user_id', 'certificate_code'])
          .where('class_id', '=', cls.id)
          .where('term_id', '=', term.id)
          .execute()
      ).map((row) => [row.user_id, row]),
    );
    for (const line of lines) {
      const was = existing.get(line.id);
      if (was && !line.differs) continue;
      const outcome = line.outcome as Outcome;
      const values = {
        class_name: cls.name,
        level: cls.level,
        components: JSON.stringify(
          freeze(scheme.components, line.scores, line.eligible, excusedOf(scheme.components, line)),
        ),
        total_hundredths: line.total as number,
        outcome,
        eligible: line.eligible ? 1 : 0,
        absences: line.absences,
        attendance_hundredths: line.attendance,
      };
      const said = `${OUTCOME_WORDS[outcome]}, ${scoreText(values.total_hundredths)}`;
      if (!was) {
        const { id } = await trx
          .insertInto('term_results')
          .values({
            ...values,
            term_id: term.id,
            class_id: cls.id,
            user_id: line.id,
            published_at: by.now,
            published_by: by.userId,
            certificate_code: outcome === 'pass' ? certificateCode() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Told in the same transaction: a published result is never left untold.
        await tellStudent(
          trx,
          {
            userId: line.id,
            topic: 'results',
            refId: id,
            message: `Your results for ${term.name} (${cls.name}) are published: ${said}.`,
          },
          by.now,
          by.outbox,
        );
        published.push(line.id);
      } else {
        if (was.certificate_code !== null && outcome !== 'pass') {
          await trx
            .insertInto('withdrawn_certificates')
            .values({
              code: was.certificate_code,
              result_id: was.id,
              withdrawn_at: by.now,
              withdrawn_by: by.userId,
            })
            .onConflict((oc) => oc.column('code').doNothing())
            .execute();
          withdrawn.push({ id: line.id, name: line.name, code: was.certificate_code });
        }
        await trx
          .updateTable('term_results')
          .set({
            ...values,
            changed_at: by.now,
            changed_by: by.userId,
            certificate_code:
              outcome !== 'pass' ? null : (was.certificate_code ?? certificateCode()),
          })
          .where('id', '=', was.id)
          .execute();
        await tellStudent(
          trx,
          {
            userId: line.id,
            topic: 'results',
            refId: was.id,
            message: `Your result for ${term.name} (${cls.name}) was changed: ${said}.`,
          },
          by.now,
          by.outbox,
        );
        changed.push(line.id);
      }
    }
    return {
      published,
      changed,
      unchanged: lines.length - published.length - changed.length,
      notReady,
      withdrawn,
    };
  });
}

/**
 * The published results with their term and student, as every reader of them takes them: a
 * student's Results, report cards, certificates.
 */
export function publishedResultRows(db: Db) {
  return db
    .selectFrom('term_results as r')
    .innerJoin('terms as t', 't.id', 'r.term_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'u.name as student_name',
      'r.class_name',
      'r.level',
      'r.components',
      'r.total_hundredths',
      'r.outcome',
      'r.eligible',
      'r.absences',
      'r.attendance_hundredths',
      'r.published_at',
      'r.changed_at',
      'r.certificate_code',
      't.id as term_id',
      't.name as term_name',
      't.first_day',
      't.last_day',
    ]);
}

type PublishedRow = Awaited<ReturnType<ReturnType<typeof publishedResultRows>['execute']>>[number];

/** A published result as its row holds it, in the server's words. */
export const asPublished = (row: PublishedRow) => ({
  id: row.id,
  userId: row.user_id,
  studentName: row.student_name,
  className: row.class_name,
  level: row.level,
  term: { id: row.term_id, name: row.term_name, first_day: row.first_day, last_day: row.last_day },
  components: JSON.parse(row.components) as PublishedComponent[],
  total: row.total_hundredths,
  outcome: row.outcome as Outcome,
  eligible: row.eligible === 1,
  absences: row.absences,
  attendance: row.attendance_hundredths,
  publishedAt: Number(row.published_at),
  changedAt: row.changed_at === null ? null : Number(row.changed_at),
  certificateCode: row.certificate_code,
});

/** A student's published results, latest term first, as get_results.php answers them. */
export async function resultsOf(db: Db, userId: number) {
  const rows = await publishedResultRows(db)
    .where('r.user_id', '=', userId)
    .orderBy('t.first_day', 'desc')
    .orderBy('r.class_name')
    .execute();
  return rows.map(asPublished).map((result) => ({
    id: result.id,
    term: result.term,
    class_name: result.className,
    level: result.level,
    components: result.components,
    total: result.total,
    outcome: result.outcome,
    eligible: result.eligible,
    absences: result.absences,
    attendance: result.attendance,
    published_at: result.publishedAt,
    changed_at: result.changedAt,
    certificate_code: result.certificateCode,
  }));
}
