import { randomBytes } from 'node:crypto';
import {
  attendancePercent,
  type Bands,
  type Component,
  type ComponentSource,
  DEFAULT_BANDS,
  DEFAULT_COMPONENTS,
  meanPercent,
  nextComponentKey,
  type Outcome,
  type PublishedComponent,
  readScore,
  schemeProblem,
  totalOf,
} from '@academy/contract/results';
import { type Mark, type RollRules, summarizeAttendance } from '@academy/contract/roll-rules';
import type { Term } from '@academy/contract/terms';
import type { Db } from '../../db/index.js';
import { inSlices } from '../../db/lists.js';
import { startOfDayInZone } from '../../db/time.js';
import { classAttendance, standings } from '../roll/roll-data.js';
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
  scores: (number | null)[];
  absences: number;
  eligible: boolean;
  attendance: number | null;
  total: number | null;
  outcome: Outcome | null;
  missing: string[];
  published: { total: number; outcome: Outcome } | null;
  differs: boolean;
}

/**
 * A class's sheet of a term as it stands now, for its members today (or those of them named):
 * each component's score, the total and outcome, and what was published. Seven queries
 * whatever the class's size.
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
  const terms = { rules: context.rules, term };
  const attendance = await classAttendance(db, cls.id, terms);
  const members = attendance.students.filter((s) => !only || only.includes(s.id));
  const ids = members.map((m) => m.id);
  const from = startOfDayInZone(term.first_day, context.timeZone);
  const to = startOfDayInZone(nextDay(term.last_day), context.timeZone);
  const needs = new Set(components.map((c) => c.source));
  const [typed, activity, oral, skills, standing, published] = await Promise.all([
    typedScores(db, cls.id, term.id, ids),
    needs.has('activity') ? correctionMarks(db, ids, from, to) : new Map<number, MarkRow[]>(),
    needs.has('oral') ? replyMarks(db, ids, from, to) : new Map<number, MarkRow[]>(),
    needs.has('skills') ? skillMarksOf(db, ids, { from, to }) : new Map<number, MarkRow[]>(),
    standings(db, ids, terms),
    publishedResults(db, cls.id, term.id, ids),
  ]);
  const lines: SheetLine[] = members.map((member) => {
    const summary = summarizeAttendance(
      member.marks.filter((mark): mark is Mark => mark !== null),
      context.rules,
    );
    const attendancePoints = attendancePercent(
      summary.points,
      summary.sessions * context.rules.points.present,
    );
    const computed: Record<Exclude<ComponentSource, 'typed'>, number | null> = {
      activity: meanPercent(activity.get(member.id) ?? []),
      oral: meanPercent(oral.get(member.id) ?? []),
      attendance: attendancePoints,
      skills: meanPercent(skills.get(member.id) ?? []),
    };
    const scores = components.map((component) =>
      component.source === 'typed'
        ? (typed.get(`${member.id}:${component.key}`) ?? null)
        : computed[component.source],
    );
    const absences = standing.get(member.id)?.absences ?? 0;
    const limit = context.rules.absenceLimit;
    const eligible = limit === null || absences <= limit;
    const total = totalOf({ scores, eligible }, components, bands);
    const was = published.get(member.id);
    const frozen = total.total === null ? null : freeze(components, scores, eligible);
    return {
      id: member.id,
      name: member.name,
      scores,
      absences,
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
          JSON.stringify(frozen) !== was.components),
    };
  });
  return { scheme, lines };
}

type MarkRow = { hundredths: number; out_of: number };

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** What publishing keeps of the components: a final the student could not sit has no score. */
function freeze(
  components: readonly Component[],
  scores: readonly (number | null)[],
  eligible: boolean,
): PublishedComponent[] {
  return components.map((c, i) => ({
    name: c.name,
    weight: c.weight,
    final: c.final,
    score: c.final && !eligible ? null : (scores[i] ?? null),
  }));
}

async function typedScores(db: Db, classId: number, termId: number, ids: readonly number[]) {
  const scores = new Map<string, number>();
  if (ids.length === 0) return scores;
  const rows = await db
    .selectFrom('result_scores')
    .select(['user_id', 'component_key', 'hundredths'])
    .where('class_id', '=', classId)
    .where('term_id', '=', termId)
    .execute();
  for (const row of rows) scores.set(`${row.user_id}:${row.component_key}`, row.hundredths);
  return scores;
}

/** Each student's marked corrections made within [from, to). */
async function correctionMarks(db: Db, ids: readonly number[], from: number, to: number) {
  const byStudent = new Map<number, MarkRow[]>();
  for (const slice of inSlices(ids)) {
    const rows = await db
      .selectFrom('corrections')
      .select(['user_id', 'mark_hundredths', 'mark_out_of'])
      .where('user_id', 'in', slice)
      .where('mark_hundredths', 'is not', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute();
    for (const row of rows)
      push(byStudent, row.user_id, {
        hundredths: row.mark_hundredths ?? 0,
        out_of: row.mark_out_of ?? 100,
      });
  }
  return byStudent;
}

/** Each student's spoken answers marked by a reply, answered within [from, to). */
async function replyMarks(db: Db, ids: readonly number[], from: number, to: number) {
  const byStudent = new Map<number, MarkRow[]>();
  for (const slice of inSlices(ids)) {
    const rows = await db
      .selectFrom('speaking_answers')
      .select(['user_id', 'reply_mark_hundredths', 'reply_mark_out_of'])
      .where('user_id', 'in', slice)
      .where('reply_mark_hundredths', 'is not', null)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute();
    for (const row of rows)
      push(byStudent, row.user_id, {
        hundredths: row.reply_mark_hundredths ?? 0,
        out_of: row.reply_mark_out_of ?? 100,
      });
  }
  return byStudent;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

async function publishedResults(db: Db, classId: number, termId: number, ids: readonly number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('term_results')
          .select(['user_id', 'total_hundredths', 'outcome', 'components'])
          .where('class_id', '=', classId)
          .where('term_id', '=', termId)
          .execute();
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

/** An unguessable certificate code: 20 characters of base32 (100 bits), grouped for reading. */
export function certificateCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  let code = '';
  for (const byte of bytes) code += alphabet[byte & 31];
  return code.replace(/(.{5})(?!$)/g, '$1-');
}

export type Publication =
  | { refused: string }
  | { published: number[]; changed: number[]; unchanged: number };

/**
 * Publishes a class's sheet of a term: each member's line is frozen into term_results (the
 * first time), or replaced and marked changed (when the sheet now says otherwise). Every member
 * needs a total first. A pass gets a certificate code; a result that stops being a pass loses it.
 */
export async function publishSheet(
  db: Db,
  cls: { id: number; name: string; level: string | null },
  term: Term,
  context: SheetContext,
  by: { userId: number; now: number },
) {
  const { scheme, lines } = await readSheet(db, cls, term, context);
  if (lines.length === 0) return { refused: 'This class has no students to publish results for.' };
  const unfinished = lines.filter((line) => line.total === null);
  if (unfinished.length > 0) {
    const names = unfinished.slice(0, 3).map((line) => line.name);
    const more = unfinished.length > 3 ? ` and ${unfinished.length - 3} more` : '';
    const who = unfinished.length === 1 ? '1 student has' : `${unfinished.length} students have`;
    return {
      refused: `${who} no total yet (${names.join(', ')}${more}): every component needs a score before results are published.`,
    };
  }
  return db.transaction().execute(async (trx): Promise<Publication> => {
    const published: number[] = [];
    const changed: number[] = [];
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
        components: JSON.stringify(freeze(scheme.components, line.scores, line.eligible)),
        total_hundredths: line.total as number,
        outcome,
        eligible: line.eligible ? 1 : 0,
        absences: line.absences,
        attendance_hundredths: line.attendance,
      };
      if (!was) {
        await trx
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
          .execute();
        published.push(line.id);
      } else {
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
        changed.push(line.id);
      }
    }
    return { published, changed, unchanged: lines.length - published.length - changed.length };
  });
}

/** A student's published results, latest term first. */
export async function resultsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('term_results as r')
    .innerJoin('terms as t', 't.id', 'r.term_id')
    .select([
      'r.id',
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
    ])
    .where('r.user_id', '=', userId)
    .orderBy('t.first_day', 'desc')
    .orderBy('r.class_name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    term: {
      id: row.term_id,
      name: row.term_name,
      first_day: row.first_day,
      last_day: row.last_day,
    },
    class_name: row.class_name,
    level: row.level,
    components: JSON.parse(row.components) as PublishedComponent[],
    total: row.total_hundredths,
    outcome: row.outcome as Outcome,
    eligible: row.eligible === 1,
    absences: row.absences,
    attendance: row.attendance_hundredths,
    published_at: Number(row.published_at),
    changed_at: row.changed_at === null ? null : Number(row.changed_at),
    certificate_code: row.certificate_code,
  }));
}
