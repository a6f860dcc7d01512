import type { TypoRule } from './items.js';

/**
 * Typed answers compared fairly (issue 51, point 1): what a student types into a short answer
 * or a typed gap is compared with each accepted answer after both are brought to one form, so
 * nothing a teacher would not count is counted:
 *
 * - case (locale-independent, so a Turkish phone does not turn "I" into "ı");
 * - spaces around the answer and repeated spaces inside it (a phone's double space);
 * - curly and straight quotes and apostrophes ("don’t" is "don't");
 * - punctuation at the end (. , ! ? ; : …): "colour." is "colour";
 * - Unicode's compatibility forms (NFKC): full-width letters typed on an Asian keyboard,
 *   a non-breaking space, a composed or decomposed "é".
 *
 * A missing apostrophe is NOT forgiven by default ("dont" for "don't"): in an English class
 * the apostrophe is often the point. It is one typo, forgiven when the item allows a typo.
 *
 * One typo (one letter added, missing, changed, or two neighbours swapped) is forgiven only
 * when the item says so (its TypoRule) and only in answers of at least MIN_TYPO_LENGTH
 * characters: in short English words one letter is usually another word ("cat"/"cut",
 * "went"/"want", "have"/"hate"), which is the mistake being tested, not a slip. A change of a
 * digit is never a typo ("1990" for "1991" is wrong).
 */

/** The shortest accepted answer (in characters, after normalising) whose typo may be forgiven. */
export const MIN_TYPO_LENGTH = 5;

const APOSTROPHES = /[\u2018\u2019\u201A\u201B\u2032\u02BC\u00B4\u0060]/g;
const QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g;
/** Final punctuation, with any spaces between it and the answer ("colour ."). */
const FINAL_PUNCTUATION = /[\s.,!?;:\u2026]+$/u;

/** A typed answer in the one form answers are compared in. */
export function normaliseAnswer(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .replace(QUOTES, '"')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(FINAL_PUNCTUATION, '');
}

/**
 * Whether `given` is exactly one typo away from `accepted` (both normalised here): one
 * character added, missing or changed, or two neighbours swapped ("recieve" for "receive").
 * Identical answers are not a typo apart. Never true for an accepted answer shorter than
 * MIN_TYPO_LENGTH, nor where the difference is a digit.
 */
export function oneTypoApart(given: string, accepted: string): boolean {
  const a = Array.from(normaliseAnswer(given));
  const b = Array.from(normaliseAnswer(accepted));
  if (b.length < MIN_TYPO_LENGTH) return false;
  const difference = oneEditDifference(a, b);
  return difference !== null && !difference.some(isDigit);
}

/** The characters that differ when a and b are one edit apart; null when they are not. */
function oneEditDifference(a: readonly string[], b: readonly string[]): string[] | null {
  if (Math.abs(a.length - b.length) > 1) return null;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (start === a.length && start === b.length) return null; // the same: no typo
  // The common ending, not reaching back past the common beginning.
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const onlyA = a.slice(start, endA);
  const onlyB = b.slice(start, endB);
  // One added, missing or changed.
  if (onlyA.length + onlyB.length <= 2 && onlyA.length <= 1 && onlyB.length <= 1) {
    return [...onlyA, ...onlyB];
  }
  // Two neighbours swapped.
  if (onlyA.length === 2 && onlyB.length === 2 && onlyA[0] === onlyB[1] && onlyA[1] === onlyB[0]) {
    return onlyA;
  }
  return null;
}

const isDigit = (character: string) => /\p{Nd}/u.test(character);

export type TypedVerdict = 'right' | 'typo' | 'wrong';

/** One typed answer against one accepted answer. An empty answer is wrong. */
export function compareTyped(given: string, accepted: string): TypedVerdict {
  const a = normaliseAnswer(given);
  const b = normaliseAnswer(accepted);
  if (a === '') return 'wrong';
  if (a === b) return 'right';
  return oneTypoApart(a, b) ? 'typo' : 'wrong';
}

/**
 * The credit a typed answer earns against an item's accepted answers: the best over them, in
 * percent of the item's points. A right answer earns its accepted answer's percent; a typo
 * earns nothing ('none'), half of it ('half', exact: a 75 % answer with a typo earns 37.5) or
 * all of it ('full'). Percents keep at most one decimal, so they are exact in hundredths.
 *
 * `matched` is the accepted answer given (right, or one typo away even when the typo earns
 * nothing, so the review can say which answer was meant), preferring the most credit, then a
 * right answer over a typo, then the first listed; null when none was. `verdict` is that
 * answer's, or 'wrong'.
 */
export function creditOfTyped(
  given: string,
  accepted: readonly { text: string; percent: number }[],
  typo: TypoRule,
): { percent: number; matched: number | null; verdict: TypedVerdict } {
  let best: { percent: number; matched: number | null; verdict: TypedVerdict } = {
    percent: 0,
    matched: null,
    verdict: 'wrong',
  };
  accepted.forEach((answer, index) => {
    const verdict = compareTyped(given, answer.text);
    if (verdict === 'wrong') return;
    const percent =
      verdict === 'right' || typo === 'full'
        ? answer.percent
        : typo === 'half'
          ? answer.percent / 2
          : 0;
    const better =
      best.matched === null ||
      percent > best.percent ||
      (percent === best.percent && verdict === 'right' && best.verdict === 'typo');
    if (better) best = { percent, matched: index, verdict };
  });
  return best;
}
