import { expect, it } from 'vitest';
import { categoryForTags, cleanCategory, tagsFromCategory } from './common.js';

it('a category’s segments set level, skill and unit; Moodle’s own prefix is dropped', () => {
  expect(tagsFromCategory('$course$/top/B2/Listening/Unit 5')).toEqual({
    level: 'B2',
    skill: 'listening',
    unit: 'Unit 5',
  });
  expect(tagsFromCategory('Default for Year 2/Phrasal verbs')).toEqual({
    level: null,
    skill: null,
    unit: 'Phrasal verbs',
  });
  expect(tagsFromCategory('c1')).toEqual({ level: 'C1', skill: null, unit: null });
  expect(tagsFromCategory(null)).toEqual({ level: null, skill: null, unit: null });
  expect(tagsFromCategory(`Unit ${'x'.repeat(100)}`).unit).toHaveLength(60);
  expect(cleanCategory('$system$/top')).toBeNull();
  expect(cleanCategory(' $course$ / top / Food//Drink ')).toBe('Food//Drink');
  expect(tagsFromCategory('Food//Drink').unit).toBe('Food/Drink');
});

it('tags make a category that reads back as the same tags', () => {
  const tags = { level: 'A2', skill: 'vocabulary', unit: 'Food/Drink' } as const;
  expect(categoryForTags(tags)).toBe('A2/Vocabulary/Food//Drink');
  expect(tagsFromCategory(categoryForTags(tags))).toEqual(tags);
  expect(categoryForTags({ level: null, skill: null, unit: null })).toBeNull();
  expect(categoryForTags({ level: null, skill: 'grammar', unit: null })).toBe('Grammar');
});
