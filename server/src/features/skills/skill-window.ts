/**
 * The rules of an access window, shared by exams, Skill Builder items and speaking
 * questions: usable while now is between start and end, both inclusive.
 */
export type WindowState = 'upcoming' | 'open' | 'closed';

export function windowState(start: number, end: number, now: number): WindowState {
  if (now < start) return 'upcoming';
  if (now > end) return 'closed';
  return 'open';
}

/** The spec's nouns for each kind, for messages ('No exam found.', 'No readings found.'). */
export const nouns = {
  exam: { one: 'exam', many: 'exams' },
  reading: { one: 'reading', many: 'readings' },
  listening: { one: 'listening', many: 'listenings' },
  story: { one: 'story', many: 'stories' },
} as const;
