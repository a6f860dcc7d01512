import type { ItemSkill } from '@academy/contract/quizzes/items';

/** A skill as the bank's screens say it: 'Grammar'. */
export const skillWord = (skill: ItemSkill) => skill.charAt(0).toUpperCase() + skill.slice(1);

/** An item's tags as one line: 'B1 · Grammar · Unit 3', or that it has none. */
export function tagsLine(tags: {
  level: string | null;
  skill: ItemSkill | null;
  unit: string | null;
}): string {
  const words = [tags.level, tags.skill && skillWord(tags.skill), tags.unit].filter(Boolean);
  return words.length > 0 ? words.join(' · ') : 'No tags';
}

/** '1 point', '3 points'. */
export const pointsWord = (points: number) => `${points} ${points === 1 ? 'point' : 'points'}`;

/** How many answers name an item's versions, said for its row. */
export const usedWords = (answers: number) =>
  answers === 0 ? 'Not answered yet' : `Answered ${answers} ${answers === 1 ? 'time' : 'times'}`;
