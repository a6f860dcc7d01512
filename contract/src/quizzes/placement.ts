import type { CefrLevel } from './item-rules.js';

/**
 * A placement test's suggestion (issue 51, point 9): the test's bands, lowest first, each a
 * CEFR level from a percent of the mark up; the suggestion is the highest band the student's
 * mark reaches. Below the first band there is no suggestion (the academy places by talking to
 * the student).
 */
export interface PlacementBand {
  level: CefrLevel;
  from_percent: number;
}

/** The level a mark suggests: `hundredths` of `outOf` points, against the bands. */
export function suggestedLevel(
  bands: readonly PlacementBand[],
  hundredths: number,
  outOf: number,
): CefrLevel | null {
  if (outOf <= 0) return null;
  // Compared in whole hundredths: hundredths / (100 × outOf) ≥ from / 100.
  let level: CefrLevel | null = null;
  for (const band of bands) if (hundredths >= band.from_percent * outOf) level = band.level;
  return level;
}

/**
 * Whether a class's level (free text: "B1", "B1 Evening", "Pre-intermediate (A2)") is the
 * CEFR level: the code as a word of it, in any case.
 */
export function classIsAtLevel(classLevel: string | null, level: CefrLevel): boolean {
  if (!classLevel) return false;
  return new RegExp(`(^|[^a-z0-9])${level}($|[^a-z0-9])`, 'i').test(classLevel);
}
