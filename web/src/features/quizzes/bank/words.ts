import type { ItemSkill } from '@academy/contract/quizzes/items';

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
