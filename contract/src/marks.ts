/**
 * Marks on work (issue 30, point 1): a correction of a hand-in, a reply to a spoken answer and
 * a student's attempt at an exam or a Skill Builder item (reading, listening, story) may carry a
 * mark out of a maximum set for it (100 unless the teacher says otherwise; an item's maximum is
 * the item's, set when it is saved).
 *
 * Marks are exact: a mark is kept as a whole number of hundredths of a point, out of a whole
 * number of points, and read from what the teacher typed without ever passing through a
 * floating-point number. The rounding rule is that nothing is rounded on the way in: a mark
 * with more than two decimals is refused, so what is stored is what was typed. (Totals made
 * from marks, the result sheet's, say their own rounding where they are made.)
 *
 * Pure and shared: the correction and reply forms and the attempts' marks check with it as the
 * teacher types, and the server checks with it again before it stores anything.
 */

/** What a piece of work is marked out of when the teacher does not say. */
export const DEFAULT_OUT_OF = 100;
/** The largest maximum a piece of work may have. */
export const MAX_OUT_OF = 1000;

/** A mark as stored and sent: hundredths of a point (8550 is 85.5), out of whole points. */
export interface Mark {
  hundredths: number;
  out_of: number;
}

export const MARK_WORDS = {
  notANumber: 'The mark must be a number such as 85 or 85.5, with at most two decimals.',
  outOf: `The mark must be out of a whole number from 1 to ${MAX_OUT_OF}.`,
  tooHigh: (outOf: number) => `The mark can be at most ${outOf}.`,
} as const;

/**
 * The mark typed in `points` out of `outOf` (either may be '': no mark; out of 100), or what
 * is wrong with it in words. A comma is read as a decimal point (85,5), as many keyboards type it.
 */
export function readMark(points: string, outOf = ''): { mark: Mark | null } | { problem: string } {
  const read = readOutOf(outOf);
  if ('problem' in read) return read;
  const max = read.outOf;
  const typed = points.trim().replace(',', '.');
  if (typed === '') return { mark: null };
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(typed);
  if (!match) return { problem: MARK_WORDS.notANumber };
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (hundredths > max * 100) return { problem: MARK_WORDS.tooHigh(max) };
  return { mark: { hundredths, out_of: max } };
}

/**
 * What work is marked out of, as typed ('' is the usual 100), or what is wrong with it in
 * words: a whole number from 1 to MAX_OUT_OF. An exam's or Skill Builder item's maximum is
 * set with it when the item is saved.
 */
export function readOutOf(outOf: string): { outOf: number } | { problem: string } {
  const max = outOf.trim() === '' ? DEFAULT_OUT_OF : wholeNumber(outOf.trim());
  if (max === null || max < 1 || max > MAX_OUT_OF) return { problem: MARK_WORDS.outOf };
  return { outOf: max };
}

function wholeNumber(text: string): number | null {
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** 8550 → '85.5', 8500 → '85', 8525 → '85.25', 5 → '0.05': as typed, no trailing zeros. */
export function formatPoints(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** How a mark reads on every screen: '85.5 / 100'. */
export function markText(mark: Mark): string {
  return `${formatPoints(mark.hundredths)} / ${mark.out_of}`;
}

/** A mark from its two stored columns; null where the work has none. */
export function markOrNull(hundredths: number | null, outOf: number | null): Mark | null {
  return hundredths === null || outOf === null ? null : { hundredths, out_of: outOf };
}
