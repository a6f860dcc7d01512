import { parseAiken } from './aiken-parse.js';
import type { ParsedQuestions } from './common.js';
import { parseGift } from './gift-parse.js';

/**
 * The one entry point for questions as text (issue 51, point 8): Moodle's GIFT and Aiken read
 * into the bank's items for a preview and an import, and the bank written back as GIFT. The
 * bank's routes call these; nothing here touches the database or the file system.
 */

export {
  categoryForTags,
  type ImportedQuestion,
  type ParsedQuestions,
  QUESTION_TEXT_LIMITS,
  type RefusedBlock,
  tagsFromCategory,
} from './common.js';
export { type GiftItem, writeGift } from './gift-write.js';

export const QUESTION_FORMATS = ['gift', 'aiken'] as const;
export type QuestionFormat = (typeof QUESTION_FORMATS)[number];

/**
 * Reads a pasted or uploaded text. Every block that does not become an item is in `refused`
 * with its line and a reason a teacher reads; this never throws, whatever the text holds.
 * An import should take the questions only when `refused` is empty (or the teacher has seen
 * the preview and chosen to leave the refused blocks out): never a partial import by surprise.
 */
export function parseQuestions(text: string, format: QuestionFormat): ParsedQuestions {
  return format === 'aiken' ? parseAiken(text) : parseGift(text);
}
