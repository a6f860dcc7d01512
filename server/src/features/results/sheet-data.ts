import {
  attendancePercent,
  type Component,
  type ComponentSource,
  meanPercent,
  type Outcome,
  type PublishedComponent,
  totalOf,
} from '@academy/contract/results';
import { type RollRules, summarizeCounts } from '@academy/contract/roll-rules';
import type { Term } from '@academy/contract/terms';
import type { Db } from '../../db/index.js';
import { addDays, startOfDayInZone } from '../../db/time.js';
import { quizMarksOf } from '../../domain/quiz-marks.js';
import { skillMarksOf } from '../skills/skills-data.js';
import { readScheme } from './scheme-data.js';
import {
  type Adjustment,
  absencesOf,
  adjustmentsOf,
  classMarks,
  correctionMarks,
  meanOf,
  noMarks,
  type Pieces,
  publishedResults,
  replyMarks,
  typedScores,
} from './sheet-marks.js';

/**
 * A term's results (issue 30, points 3–5; migration 0032). The sheet is computed whenever it is
 * read: typed scores from result_scores, the rest from what the app holds (the term's marked
 * corrections, spoken replies, exams and Skill Builder items, the class's roll; sheet-marks.ts
 * reads them). Publishing (publish-data.ts) freezes each student's line into term_results,
 * which is all a student ever reads (published-results.ts).
 */

/**
 * The sheet's context from the academy's settings in force (its roll rules and time zone) and
 * the academy's clock (a quiz whose window has closed counts 0 for a student who missed it).
 */
export const sheetContext = (settings: { rollRules: RollRules; timeZone: string }, now: number) =>
  ({ rules: settings.rollRules, timeZone: settings.timeZone, now }) satisfies SheetContext;

/** A class's level, which the sheet heads and publishing freezes (no class list shows it). */
export async function classLevelOf(db: Db, classId: number): Promise<string | null> {
  const row = await db
    .selectFrom('classes')
    .select('level')
    .where('id', '=', classId)
    .executeTakeFirst();
  return row?.level ?? null;
}

/** What a sheet is computed within: the academy's rules and clock. */
export interface SheetContext {
  rules: RollRules;
  timeZone: string;
  now: number;
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
  const memberIds = members.map((m) => m.id);
  const [typed, activity, oral, skills, quizzes, absences, published, adjusted] = await Promise.all(
    [
      typedScores(db, cls.id, term.id, whose),
      needs.has('activity') ? correctionMarks(db, whose, from, to) : new Map<number, Pieces>(),
      needs.has('oral') ? replyMarks(db, whose, from, to) : new Map<number, Pieces>(),
      needs.has('skills')
        ? skillMarksOf(db, memberIds, { from, to })
        : new Map<number, { hundredths: number; out_of: number }[]>(),
      // Each quiz component chooses its own quizzes: one read per such component.
      Promise.all(
        components.map((c) =>
          c.source === 'quizzes'
            ? quizMarksOf(
                db,
                memberIds,
                { quizId: c.quiz_id, tag: c.quiz_tag },
                { from, to, now: context.now },
              )
            : null,
        ),
      ),
      absencesOf(db, whose, term, context.rules),
      publishedResults(db, cls.id, term.id, whose),
      adjustmentsOf(db, cls.id, term.id, whose),
    ],
  );
  const lines: SheetLine[] = members.map((member) => {
    const summary = summarizeCounts(marks.get(member.id) ?? noMarks(), context.rules);
    const attendancePoints = attendancePercent(
      summary.points,
      summary.sessions * context.rules.points.present,
    );
    const computed: Record<Exclude<ComponentSource, 'typed' | 'quizzes'>, number | null> = {
      activity: meanOf(activity.get(member.id)),
      oral: meanOf(oral.get(member.id)),
      attendance: attendancePoints,
      skills: meanPercent(skills.get(member.id) ?? []),
    };
    const computedFor = (c: Component, i: number) =>
      c.source === 'typed'
        ? null
        : c.source === 'quizzes'
          ? meanPercent(quizzes[i]?.get(member.id) ?? [])
          : computed[c.source];
    const own = components.map((c) => adjusted.get(`${member.id}:${c.key}`));
    // An override stands for the computed figure; an excused component keeps what it has.
    const scores = components.map((component, i) =>
      own[i]?.kind === 'override'
        ? own[i].score
        : component.source === 'typed'
          ? (typed.get(`${member.id}:${component.key}`) ?? null)
          : computedFor(component, i),
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

/** What publishing keeps of the components: a final the student could not sit has no score. */
export function freeze(
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
