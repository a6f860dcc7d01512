import type { ItemTags } from '@academy/contract/quizzes/items';

/**
 * Tags of an imported question (issue 51, point 8). The GIFT reader maps a question's
 * category to tags (gift/common.ts, tagsFromCategory: a CEFR segment is the level, a skill's
 * name the skill, the last other segment the unit) and the export maps them back
 * (categoryForTags), so a file exported and imported again keeps its tags. What the category
 * does not give, the import screen's choices give (a teacher importing "B1 grammar").
 */
export function withDefaults(tags: ItemTags, defaults: ItemTags): ItemTags {
  return {
    level: tags.level ?? defaults.level,
    skill: tags.skill ?? defaults.skill,
    unit: tags.unit ?? defaults.unit,
  };
}

/** `text` on one line, cut to `max` characters, an ellipsis marking the cut. */
export function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
