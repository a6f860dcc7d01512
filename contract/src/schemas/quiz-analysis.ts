import { z } from 'zod';
import { ITEM_TYPES } from '../quizzes/items.js';
import { CsvFileResponse, defineSchemas, FileBytes, Id } from './common.js';

/**
 * Item analysis of a quiz (issue 51, point 7; the figures: contract/src/quizzes/analysis.ts).
 *
 * Which attempts count: each student's first closed attempt, of the students the caller
 * reaches (an administrator: every student; a teacher: their own students only, whoever sent
 * the quiz). The first, because a second attempt is made after the review showed the answers:
 * it measures the review, not the item, and a student who tried five times would weigh five
 * times. An attempt still going on counts for nothing yet, and one waiting for a teacher's mark
 * on a spoken answer is left out until it is marked (its score is not known): `awaiting_marks`
 * says how many.
 *
 * Fractions (0..1) travel as numbers; the screen and the files show them as percents.
 */
export const QuizAnalysisRequest = z.object({ quiz_id: Id });

export const AnalysedItem = z.object({
  item_id: Id,
  /** The item's place in the analysis, from 1: the quiz's fixed items in order, then drawn ones. */
  number: z.number().int(),
  /** Drawn at random for each attempt, so only some attempts were given it. */
  drawn: z.boolean(),
  /** The item's prompt as its latest answered version has it, cut to a line. */
  prompt: z.string(),
  type: z.enum(ITEM_TYPES),
  /** Counted attempts that were given it (an item left unanswered counts as wrong). */
  answered: z.number().int(),
  /** The share right, 0..1 (the mean credit: half marks count as half). */
  facility: z.number(),
  /** The top third's facility minus the bottom third's, −1..1; null with too few attempts. */
  discrimination: z.number().nullable(),
  /** The most-chosen wrong answer in words (an option's text, what was typed); null: none. */
  common_wrong: z.string().nullable(),
  common_wrong_count: z.number().int(),
  median_seconds: z.number().nullable(),
  /** Why the item looks dubious, in words; empty when it does not. */
  dubious: z.array(z.string()),
});
export type AnalysedItem = z.infer<typeof AnalysedItem>;

export const MarksBand = z.object({
  /** Percent of the mark, from (included) and to (excluded, but for the last band's 100). */
  from: z.number().int(),
  to: z.number().int(),
  count: z.number().int(),
});

export const QuizAnalysisResponse = z.object({
  success: z.literal(true),
  quiz: z.object({ id: Id, title: z.string(), out_of: z.number().int() }),
  marks: z.object({
    /** Attempts counted (see above). */
    count: z.number().int(),
    /** Closed first attempts left out while a spoken answer waits for a teacher's mark. */
    awaiting_marks: z.number().int(),
    /** Fractions 0..1 of the quiz's mark; null with no attempts. */
    mean: z.number().nullable(),
    median: z.number().nullable(),
    /** Ten bands of ten percent, lowest first. */
    distribution: z.array(MarksBand),
  }),
  items: z.array(AnalysedItem),
});
export type QuizAnalysis = z.infer<typeof QuizAnalysisResponse>;

export const quizAnalysisSchemas = defineSchemas({
  quizAnalysis: { request: QuizAnalysisRequest, response: QuizAnalysisResponse },
  exportQuizAnalysis: { request: QuizAnalysisRequest, response: CsvFileResponse },
  exportQuizAnalysisXlsx: { request: QuizAnalysisRequest, response: FileBytes },
});
