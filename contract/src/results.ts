import { formatPoints } from './marks.js';

/**
 * A term's results (issue 30, points 3–6): the components a class is marked on, each with a
 * weight; a student's score on each (typed by a teacher, or computed from what the app holds);
 * the weighted total; the outcome by the academy's bands; and the absence rule.
 *
 * Every figure is a whole number of hundredths of a percent (8550 is 85.5 %), so the total is
 * exact integer arithmetic on both databases and both sides. The rounding rule: a figure that
 * falls between two hundredths (a mean, a share of the roll's points, a weighted sum) is rounded
 * half up to the nearest hundredth, once, where it is made; nothing else is ever rounded. A
 * computed component rounds each piece of work's percentage first, then the mean.
 *
 * Pure and shared: the sheet on screen shows the total as a teacher types, the server computes
 * the same before it stores or publishes anything.
 */

/** Where a component's scores come from. */
export const COMPONENT_SOURCES = [
  'typed',
  'activity',
  'oral',
  'attendance',
  'skills',
  'quizzes',
] as const;
export type ComponentSource = (typeof COMPONENT_SOURCES)[number];

/** How the sheet and the Settings screen name each source. */
export const SOURCE_WORDS: Record<ComponentSource, string> = {
  typed: 'Typed by the teacher',
  activity: 'The term’s correction marks',
  oral: 'The term’s spoken answers’ marks',
  attendance: 'The roll’s points',
  skills: 'The term’s exam and Skill Builder marks',
  quizzes: 'The term’s quiz marks',
};

/** Most characters of a quiz's tag (a quiz's label a component averages by). */
export const QUIZ_TAG_MAX = 40;

export interface Component {
  /**
   * Stays when the component is renamed or reweighted, so the scores typed against it stay
   * too ('k1', 'k2', …; a new component takes the next: nextComponentKey).
   */
  key: string;
  name: string;
  /** Whole percent; a scheme's weights add up to 100. */
  weight: number;
  source: ComponentSource;
  /** A final exam's part: a student over the absence limit may not sit it. */
  final: boolean;
  /**
   * A 'quizzes' component's quizzes (issue 51, point 4): one quiz (`quiz_id`, its mark whenever
   * it ran), or the term's quizzes with this tag (`quiz_tag`), or with neither every quiz of the
   * term. Absent on other sources.
   */
  quiz_id?: number | null;
  quiz_tag?: string | null;
  /** The named quiz's title, as the server reads a scheme (never stored with it). */
  quiz_title?: string | null;
}

/** Which quizzes a 'quizzes' component averages, in words ("Quizzes tagged “Vocabulary”"). */
export function quizzesWords(c: Pick<Component, 'quiz_id' | 'quiz_tag' | 'quiz_title'>) {
  if (c.quiz_id != null) return c.quiz_title ? `The quiz “${c.quiz_title}”` : 'One quiz';
  if (c.quiz_tag) return `The term’s quizzes tagged “${c.quiz_tag}”`;
  return 'Every quiz of the term';
}

/** The scheme English academies publish: class activity 20, midterm 30, final written 30, final oral 20. */
export const DEFAULT_COMPONENTS: readonly Component[] = [
  { key: 'k1', name: 'Class activity', weight: 20, source: 'activity', final: false },
  { key: 'k2', name: 'Midterm', weight: 30, source: 'typed', final: false },
  { key: 'k3', name: 'Final written', weight: 30, source: 'typed', final: true },
  { key: 'k4', name: 'Final oral', weight: 20, source: 'oral', final: true },
];

/** The key a component added to a scheme takes: one past the highest 'kN' it has held. */
export function nextComponentKey(components: readonly { key?: string | undefined }[]): string {
  const numbers = components.map((c) => Number(/^k(\d+)$/.exec(c.key ?? '')?.[1] ?? 0));
  return `k${Math.max(0, ...numbers) + 1}`;
}

/** A component as a published result keeps it: what the report card prints. */
export interface PublishedComponent {
  name: string;
  weight: number;
  final: boolean;
  /** Hundredths of a percent; null where the student could not sit it (a final, not eligible). */
  score: number | null;
  /** Present (true) only when the teacher excused it: left out, its weight spread over the rest. */
  excused?: true;
}

export const COMPONENT_NAME_MAX = 40;
export const MAX_COMPONENTS = 10;

/** What is wrong with a scheme, in the words the screens show, or null. */
export function schemeProblem(components: readonly Component[]): string | null {
  if (components.length === 0) return 'A scheme needs at least one component.';
  if (components.length > MAX_COMPONENTS)
    return `A scheme has at most ${MAX_COMPONENTS} components.`;
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const c of components) {
    if (!/^k\d{1,4}$/.test(c.key) || keys.has(c.key)) return 'The components’ keys are not valid.';
    keys.add(c.key);
    const name = c.name.trim();
    if (name === '') return 'Please name every component.';
    if (name.length > COMPONENT_NAME_MAX)
      return `A component’s name must be at most ${COMPONENT_NAME_MAX} characters.`;
    if (names.has(name.toLowerCase())) return `Two components are named “${name}”.`;
    names.add(name.toLowerCase());
    if (!Number.isInteger(c.weight) || c.weight < 1 || c.weight > 100)
      return 'Each weight must be a whole number from 1 to 100.';
    if (c.source !== 'quizzes' && (c.quiz_id != null || c.quiz_tag != null))
      return `The component “${name}” is not made of quizzes: only a quiz component names a quiz or a tag.`;
    if (c.quiz_id != null && c.quiz_tag != null)
      return `The component “${name}” names one quiz or a tag of quizzes, not both.`;
    if (c.quiz_tag != null && (c.quiz_tag.trim() === '' || c.quiz_tag.length > QUIZ_TAG_MAX))
      return `A quiz tag is 1 to ${QUIZ_TAG_MAX} characters.`;
  }
  const sum = components.reduce((n, c) => n + c.weight, 0);
  if (sum !== 100) return `The weights must add up to 100; these add up to ${sum}.`;
  return null;
}

/** The academy's bands: a total at or above `passAt` passes; from `conditionalAt` it is a conditional pass. */
export interface Bands {
  passAt: number;
  /** null: no conditional pass. */
  conditionalAt: number | null;
}

/** Pass at 70, a conditional pass at 65–69. */
export const DEFAULT_BANDS: Bands = { passAt: 70, conditionalAt: 65 };

export function bandsProblem(bands: Bands): string | null {
  if (!Number.isInteger(bands.passAt) || bands.passAt < 1 || bands.passAt > 100)
    return 'The pass mark must be a whole number from 1 to 100.';
  if (bands.conditionalAt !== null) {
    if (!Number.isInteger(bands.conditionalAt) || bands.conditionalAt < 1)
      return 'The conditional pass must be a whole number from 1, or left empty.';
    if (bands.conditionalAt >= bands.passAt)
      return 'The conditional pass must start below the pass mark.';
  }
  return null;
}

export const OUTCOMES = ['pass', 'conditional', 'fail'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_WORDS: Record<Outcome, string> = {
  pass: 'Pass',
  conditional: 'Conditional pass',
  fail: 'Fail',
};

/** What the sheet and the report card say of a student over the absence limit. */
export const NOT_ELIGIBLE = 'Not eligible for the final';

/** The outcome of a total (hundredths of a percent) by the bands. */
export function outcomeOf(totalHundredths: number, bands: Bands): Outcome {
  if (totalHundredths >= bands.passAt * 100) return 'pass';
  if (bands.conditionalAt !== null && totalHundredths >= bands.conditionalAt * 100)
    return 'conditional';
  return 'fail';
}

/** a / b rounded half up, for whole a ≥ 0 and b > 0. */
export function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** A mark (hundredths of a point out of whole points) as hundredths of a percent: 42.5 / 50 → 8500. */
export const percentOf = (mark: { hundredths: number; out_of: number }) =>
  divideHalfUp(mark.hundredths * 100, mark.out_of);

/** The mean of marks as hundredths of a percent (each rounded, then the mean); null with none. */
export function meanPercent(
  marks: readonly { hundredths: number; out_of: number }[],
): number | null {
  if (marks.length === 0) return null;
  return divideHalfUp(
    marks.reduce((n, m) => n + percentOf(m), 0),
    marks.length,
  );
}

/** The roll's points earned out of the most the sessions could earn, as hundredths of a percent. */
export const attendancePercent = (points: number, most: number): number | null =>
  most > 0 ? divideHalfUp(points * 10000, most) : null;

/** One student's line of a sheet: a score per component (null: not yet), in the scheme's order. */
export interface ResultLine {
  scores: readonly (number | null)[];
  /** Within the absence limit: may sit the final. */
  eligible: boolean;
  /**
   * Per component, in the scheme's order: excused by the teacher (issue 49, point 9), left out
   * of the total with its weight spread over the rest. A final of a student over the absence
   * limit is never excused: the absence rule wins, it counts 0.
   */
  excused?: readonly boolean[];
}

export interface Total {
  /** Hundredths of a percent; null until every component the student sits has a score. */
  total: number | null;
  outcome: Outcome | null;
  /** The components still without a score (their names), for the sheet to say what is missing. */
  missing: string[];
}

/**
 * A student's total and outcome. A student not eligible for the final scores 0 on the final's
 * components (they may not sit them) and needs no score there; an excused component is left
 * out, its weight spread over the rest in proportion (Σ weight × score ÷ the weights left, as
 * Moodle's "exclude empty grades"); everyone else needs a score on every component before there
 * is a total. A student whose every component is excused has no total (and nothing missing).
 */
export function totalOf(line: ResultLine, components: readonly Component[], bands: Bands): Total {
  let weighted = 0;
  let weights = 0;
  const missing: string[] = [];
  components.forEach((component, i) => {
    if (component.final && !line.eligible) {
      weights += component.weight;
      return;
    }
    if (line.excused?.[i]) return;
    const score = line.scores[i] ?? null;
    if (score === null) missing.push(component.name);
    else {
      weighted += component.weight * score;
      weights += component.weight;
    }
  });
  if (missing.length > 0 || weights === 0) return { total: null, outcome: null, missing };
  const total = divideHalfUp(weighted, weights);
  return { total, outcome: line.eligible ? outcomeOf(total, bands) : 'fail', missing };
}

/** What an override's reason may hold at most (issue 49, point 9). */
export const ADJUSTMENT_REASON_MAX = 200;

/** Why a student has no total yet, in the words the sheet and a publication use. */
export function notReadyWords(missing: readonly string[]): string {
  return missing.length === 0 ? 'every component is excused' : `no score for ${missing.join(', ')}`;
}

/** A score as people read it: 8550 → '85.5'. */
export const scoreText = (hundredths: number) => formatPoints(hundredths);

/**
 * A score typed on the sheet, out of 100 with at most two decimals ('' clears it), or what is
 * wrong with it. A comma reads as a decimal point.
 */
export function readScore(typed: string): { score: number | null } | { problem: string } {
  const text = typed.trim().replace(',', '.');
  if (text === '') return { score: null };
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match)
    return { problem: 'A score must be a number from 0 to 100, with at most two decimals.' };
  const score = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (score > 10000) return { problem: 'A score can be at most 100.' };
  return { score };
}
