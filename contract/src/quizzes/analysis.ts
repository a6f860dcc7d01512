/**
 * Item analysis for the teacher (issue 51, point 7): per item how many got it right
 * (facility), how well it separates the strong from the weak (discrimination), the most-chosen
 * wrong answer, the median time, and whether it looks dubious; per quiz the mean, the median
 * and the distribution of marks.
 *
 * Statistics, not marks: these are fractions (floats) for a teacher to read, never stored as
 * anyone's mark. Scores and credits are fractions from 0 to 1.
 *
 * Work done: one sort of the attempts by score, then one pass over every answer, then per item
 * a sort of its times for the median. 2,000 attempts × 40 items take a few milliseconds.
 */

export interface AnalysedAttempt {
  /** The attempt's mark as a fraction 0..1 (mark ÷ out of). */
  score: number;
  /**
   * Every item the attempt was given (an item left unanswered is given with credit 0, so it
   * counts as not known). `chosen`: the option ids chosen, or for a typed item the normalised
   * text typed (one string), for the most common wrong answer. `seconds`: time spent on it (0:
   * unknown, left out of the median).
   */
  answers: ReadonlyMap<
    number /* item id */,
    { credit: number /* 0..1 */; chosen?: readonly string[]; seconds: number }
  >;
}

export interface ItemAnalysis {
  /** Attempts that were given the item. */
  answered: number;
  /** The mean credit, 0..1: the share right. */
  facility: number;
  /**
   * Facility among the top third of those attempts by score minus among the bottom third
   * (−1..1); null with fewer than MIN_FOR_DISCRIMINATION attempts.
   */
  discrimination: number | null;
  /** The most-chosen answer that never earned full credit (an option id, or a typed text). */
  commonWrong: string | null;
  /** How many attempts chose it (0 when none). */
  commonWrongCount: number;
  medianSeconds: number | null;
  /** Why the item looks dubious, in words; empty when it does not (or too few answered it). */
  dubious: string[];
}

/**
 * The thresholds, and why:
 * - discrimination needs at least 6 attempts (two in each third); below that one student
 *   decides it.
 * - no item is flagged before 10 attempts were given it: with fewer, one lucky or unlucky
 *   student moves facility by more than 10 points.
 * - facility below 0.2: fewer right than blind guessing gets on a four-option question
 *   (0.25); most often a wrong key or a misleading wording.
 * - facility above 0.95: nearly everyone knows it; it tells the teacher little (fine as a
 *   warm-up, so it reads as a note, not an error).
 * - discrimination below 0: the weaker students did better than the stronger — the classic
 *   sign of a wrong key or a trick question.
 * - discrimination from 0 to under 0.1: the item hardly separates who knows the unit from who
 *   does not (Ebel's guide calls under 0.2 poor; 0.1 keeps small classes' noise from flagging
 *   good items). Not said of an item already flagged as too easy, which cannot separate.
 * - a wrong answer chosen by more attempts than got the item fully right: the key may name the
 *   wrong option.
 */
export const ANALYSIS_THRESHOLDS = {
  minForDiscrimination: 6,
  minForFlags: 10,
  hardBelow: 0.2,
  easyAbove: 0.95,
  weakDiscriminationBelow: 0.1,
} as const;

export const MIN_FOR_DISCRIMINATION = ANALYSIS_THRESHOLDS.minForDiscrimination;

interface Tally {
  /** Credits in the attempts' score order, lowest first. */
  credits: number[];
  sum: number;
  right: number;
  seconds: number[];
  wrong: Map<string, number>;
  /** Answers seen in a full-credit answer: right, never "the common wrong one". */
  rightChoices: Set<string>;
}

export function analyseItems(attempts: readonly AnalysedAttempt[]): Map<number, ItemAnalysis> {
  const order = attempts.map((_, i) => i);
  order.sort((a, b) => (attempts[a]?.score ?? 0) - (attempts[b]?.score ?? 0));
  const tallies = new Map<number, Tally>();
  for (const index of order) {
    const attempt = attempts[index];
    if (!attempt) continue;
    for (const [itemId, answer] of attempt.answers) {
      let tally = tallies.get(itemId);
      if (!tally) {
        tally = {
          credits: [],
          sum: 0,
          right: 0,
          seconds: [],
          wrong: new Map(),
          rightChoices: new Set(),
        };
        tallies.set(itemId, tally);
      }
      const credit = Math.min(1, Math.max(0, answer.credit));
      tally.credits.push(credit);
      tally.sum += credit;
      if (answer.seconds > 0) tally.seconds.push(answer.seconds);
      if (credit >= 1) {
        tally.right++;
        for (const choice of answer.chosen ?? []) tally.rightChoices.add(choice);
      } else {
        for (const choice of answer.chosen ?? []) {
          tally.wrong.set(choice, (tally.wrong.get(choice) ?? 0) + 1);
        }
      }
    }
  }
  const analysis = new Map<number, ItemAnalysis>();
  for (const [itemId, tally] of tallies) analysis.set(itemId, analyse(tally));
  return analysis;
}

function analyse(tally: Tally): ItemAnalysis {
  const answered = tally.credits.length;
  const facility = tally.sum / answered;
  const discrimination = discriminationOf(tally.credits);
  let commonWrong: string | null = null;
  let commonWrongCount = 0;
  for (const [choice, count] of tally.wrong) {
    if (tally.rightChoices.has(choice)) continue;
    const better =
      count > commonWrongCount ||
      (count === commonWrongCount && commonWrong !== null && choice < commonWrong);
    if (better) {
      commonWrong = choice;
      commonWrongCount = count;
    }
  }
  const dubious: string[] = [];
  const t = ANALYSIS_THRESHOLDS;
  if (answered >= t.minForFlags) {
    const percent = `${Math.round(facility * 100)} %`;
    if (facility < t.hardBelow) {
      dubious.push(`Only ${percent} got it right: check the key and the wording.`);
    }
    if (facility > t.easyAbove) {
      dubious.push(`Almost everyone got it right (${percent}): it tells you little.`);
    }
    if (discrimination !== null && discrimination < 0) {
      dubious.push(
        'Students with low marks did better on it than students with high marks: check the key.',
      );
    } else if (
      discrimination !== null &&
      discrimination < t.weakDiscriminationBelow &&
      facility <= t.easyAbove
    ) {
      dubious.push('It hardly separates students with high marks from students with low marks.');
    }
    if (commonWrong !== null && commonWrongCount > tally.right) {
      dubious.push('A wrong answer was chosen more often than the right one: check the key.');
    }
  }
  return {
    answered,
    facility,
    discrimination,
    commonWrong,
    commonWrongCount,
    medianSeconds: median(tally.seconds),
    dubious,
  };
}

/** Top third's mean credit − bottom third's, over credits in score order (lowest first). */
function discriminationOf(credits: readonly number[]): number | null {
  const n = credits.length;
  if (n < ANALYSIS_THRESHOLDS.minForDiscrimination) return null;
  const third = Math.floor(n / 3);
  let bottom = 0;
  let top = 0;
  for (let i = 0; i < third; i++) {
    bottom += credits[i] ?? 0;
    top += credits[n - 1 - i] ?? 0;
  }
  return (top - bottom) / third;
}

/** The middle value (the mean of the two middle ones for an even count); null with none. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * A quiz's marks at a glance: how many, the mean and the median (fractions 0..1; null with
 * none), and the distribution over `bins` equal bands from 0 to 1 (default 10: 0–10 %, …,
 * 90–100 %; a mark on a boundary goes to the band above, and 100 % to the last band).
 */
export function quizStatistics(
  scores: readonly number[],
  bins = 10,
): { count: number; mean: number | null; median: number | null; distribution: number[] } {
  const bands = Math.max(1, Math.min(100, Math.trunc(bins)));
  const distribution = new Array<number>(bands).fill(0);
  let sum = 0;
  for (const raw of scores) {
    const score = Math.min(1, Math.max(0, raw));
    sum += score;
    // Rounded to a millionth first so 0.7 × 10 (7.000000000000001) and 0.3 × 10 fall right.
    const band = Math.min(bands - 1, Math.floor(Math.round(score * bands * 1e6) / 1e6));
    distribution[band] = (distribution[band] ?? 0) + 1;
  }
  return {
    count: scores.length,
    mean: scores.length === 0 ? null : sum / scores.length,
    median: median(scores.map((s) => Math.min(1, Math.max(0, s)))),
    distribution,
  };
}
