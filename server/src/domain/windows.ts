import type { Db } from '../db/index.js';
import { instantOfMoment } from '../db/time.js';

/**
 * The rules of an access window, shared by exams, Skill Builder items and speaking
 * questions: usable while now is between start and end, both inclusive. One module for both
 * features (skills/ and speaking/), and for the live clock that tells students when one opens
 * or closes (live/clock.ts asks nextWindowChange), so neither feature reads the other.
 */
export type WindowState = 'upcoming' | 'open' | 'closed';

export function windowState(start: number, end: number, now: number): WindowState {
  if (now < start) return 'upcoming';
  if (now > end) return 'closed';
  return 'open';
}

/** The refusal of a window that ends before it starts. */
export const WINDOW_BACKWARDS = 'The end time must be after the start time.';

/**
 * A window as an administrator typed it (contract's Moment, wall times on the academy's clock),
 * as instants; undefined when it ends before it starts (only comparable once both are instants:
 * one end may name a zone and the other not).
 */
export function windowOf(
  start: { instant: number } | { local: string },
  end: { instant: number } | { local: string },
  timeZone: string,
): { start: number; end: number } | undefined {
  const window = { start: instantOfMoment(start, timeZone), end: instantOfMoment(end, timeZone) };
  return window.end > window.start ? window : undefined;
}

/** The earliest start still ahead and the earliest end not yet passed, as a query reads them. */
export interface WindowsAhead {
  opens: number | string | null;
  closes: number | string | null;
}

/**
 * The next moment at which one of these windows opens or closes (a window includes its end,
 * so it closes a millisecond after it); null when nothing is ahead.
 */
export function nextChangeOf(...aheads: (WindowsAhead | undefined)[]): number | null {
  const moments = aheads.flatMap((ahead) => [
    ahead?.opens == null ? null : Number(ahead.opens),
    ahead?.closes == null ? null : Number(ahead.closes) + 1,
  ]);
  const known = moments.filter((moment): moment is number => moment !== null);
  return known.length ? Math.min(...known) : null;
}

/**
 * The next moment after `now` at which an item or a speaking question opens or closes: the
 * live streams tell students then (live/clock.ts). Null when nothing is ahead.
 */
export async function nextWindowChange(db: Db, now: number): Promise<number | null> {
  const [items, questions] = await Promise.all([
    db
      .selectFrom('skill_items')
      .select((eb) => [
        eb.fn.min('access_start').filterWhere('access_start', '>', now).as('opens'),
        eb.fn.min('access_end').filterWhere('access_end', '>=', now).as('closes'),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('speaking_questions')
      .select((eb) => [
        eb.fn.min('start_time').filterWhere('start_time', '>', now).as('opens'),
        eb.fn.min('end_time').filterWhere('end_time', '>=', now).as('closes'),
      ])
      .executeTakeFirst(),
  ]);
  return nextChangeOf(items, questions);
}
