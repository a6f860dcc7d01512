import type { ItemSkill, PassageKind } from '@academy/contract/quizzes/items';

/** A skill as the bank's screens say it: 'Grammar'. */
export const skillWord = (skill: ItemSkill) => skill.charAt(0).toUpperCase() + skill.slice(1);

/**
 * Tags as one line: 'B1 · Grammar · Unit 3', or `none` (an item's 'No tags'; a draw's: any item
 * of the bank).
 */
export function tagsLine(
  tags: { level: string | null; skill: ItemSkill | null; unit: string | null },
  none = 'No tags',
): string {
  const words = [tags.level, tags.skill && skillWord(tags.skill), tags.unit].filter(Boolean);
  return words.length > 0 ? words.join(' · ') : none;
}

/** '1 point', '3 points'. */
export const pointsWord = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

/** How many answers name an item's versions, said for its row. */
export const usedWords = (answers: number) =>
  answers === 0 ? 'Not answered yet' : `Answered ${answers} ${answers === 1 ? 'time' : 'times'}`;

/** A passage's kind as the bank says it. */
export const PASSAGE_KIND_WORDS: Record<PassageKind, string> = {
  text: 'Reading text',
  recording: 'Recording',
};

/** How many items stand on a passage, said for its card. */
export const standingWords = (items: number) =>
  items === 0
    ? 'No item stands on it yet'
    : `${items} ${items === 1 ? 'item stands' : 'items stand'} on it`;

/** A recording's play limit in an attempt (0: none), said for its card. */
export const playsWords = (limit: number) =>
  limit === 0
    ? 'Played as often as the student likes'
    : `Played at most ${limit} ${limit === 1 ? 'time' : 'times'} in an attempt`;
