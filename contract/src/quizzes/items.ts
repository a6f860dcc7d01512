import { z } from 'zod';
import { CEFR_LEVELS, ITEM_LIMITS, ITEM_SKILLS, keyProblems, TYPO_RULES } from './item-rules.js';

export {
  type BodyShape,
  CEFR_LEVELS,
  type CefrLevel,
  ITEM_LIMITS,
  ITEM_SKILLS,
  ITEM_TYPE_WORDS,
  ITEM_TYPES,
  type ItemSkill,
  type ItemType,
  type KeyShape,
  keyProblems,
  PASSAGE_KINDS,
  type PassageKind,
  QUESTION_IMPORT_MAX_CHARS,
  TYPO_RULES,
  type TypoRule,
} from './item-rules.js';

/**
 * A question bank's items (issue 51, point 1): what each kind of item is, in three parts that
 * never mix.
 *
 * - The **body** is what a student may see while answering: the prompt, the options, the
 *   gaps, the pieces to order. It holds nothing that tells the answer.
 * - The **key** is what marks it: the right options and their credit, the accepted answers,
 *   the pairs, the order, and the feedback (feedback tells the answer, so it is key). The key
 *   reaches a student's device only through the review, and only as the quiz's review options
 *   allow; the server's student presenters read the body alone.
 * - A **response** is what a student gave, saved as they give it.
 *
 * Every part is a zod schema, so the server checks an item the bank saves or imports (GIFT,
 * Aiken) and a response a student saves with the same rules, and the editor on the web is typed
 * by them. Marking (marking.ts) and comparing typed answers (answers.ts) are pure functions
 * over these types.
 *
 * Ids inside an item (options, gaps, pairs, pieces) are short strings the item gives ('a',
 * 'b', … or 'g1', 'g2', …), so a response names what it chose whatever order the attempt
 * showed the options in (options are shuffled per attempt).
 */

/** An id inside an item: 'a', 'b', 'g1', … */
export const PartId = z
  .string()
  .regex(/^[a-z0-9]{1,8}$/, { error: 'must be a short id of letters and digits' });

const Words = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });
const Said = (max: number) => Words(max).trim().min(1, { error: 'must not be empty' });

/** An accepted typed answer and the share of the item's points it earns (100: all). */
export const AcceptedAnswer = z.object({
  text: Said(ITEM_LIMITS.answer),
  percent: z.number().int().min(1).max(100),
  feedback: Words(ITEM_LIMITS.feedback).optional(),
});
export type AcceptedAnswer = z.infer<typeof AcceptedAnswer>;

const Option = z.object({ id: PartId, text: Said(ITEM_LIMITS.option) });

// ---------------------------------------------------------------------------------------------
// Bodies: what a student sees while answering.

export const ChoiceBody = z.object({
  type: z.literal('choice'),
  /** One option may be chosen (radio buttons) or several (check boxes). */
  multiple: z.boolean(),
  options: z.array(Option).min(2).max(ITEM_LIMITS.parts),
});
export const TrueFalseBody = z.object({ type: z.literal('true_false') });
export const ShortBody = z.object({ type: z.literal('short') });
export const NumericalBody = z.object({ type: z.literal('numerical') });
/**
 * A text with gaps: `text` marks each gap where it stands as `{g1}`, `{g2}`, … A gap is typed,
 * or chosen from its own list of words.
 */
export const GapsBody = z.object({
  type: z.literal('gaps'),
  text: Said(ITEM_LIMITS.prompt),
  gaps: z
    .array(
      z.object({
        id: PartId,
        /** Absent: typed. Present: chosen from these words (the right one among them). */
        choices: z.array(Said(ITEM_LIMITS.option)).min(2).max(ITEM_LIMITS.parts).optional(),
      }),
    )
    .min(1)
    .max(ITEM_LIMITS.gaps),
});
/** Prompts matched to answers; `answers` may hold more than the prompts (distractors). */
export const MatchingBody = z.object({
  type: z.literal('matching'),
  prompts: z.array(Option).min(2).max(ITEM_LIMITS.parts),
  answers: z.array(Option).min(2).max(ITEM_LIMITS.parts),
});
/** Words into a sentence, or sentences into a paragraph. */
export const OrderingBody = z.object({
  type: z.literal('ordering'),
  unit: z.enum(['words', 'sentences']),
  pieces: z.array(Option).min(2).max(ITEM_LIMITS.parts),
});
/** A recording (the item's passage) written down; marked word by word. */
export const DictationBody = z.object({ type: z.literal('dictation') });
/** An answer recorded in the app with the speaking recorder, marked by a teacher. */
export const SpokenBody = z.object({
  type: z.literal('spoken'),
  max_seconds: z.number().int().min(5).max(ITEM_LIMITS.spokenSeconds),
});

export const ItemBody = z.discriminatedUnion('type', [
  ChoiceBody,
  TrueFalseBody,
  ShortBody,
  NumericalBody,
  GapsBody,
  MatchingBody,
  OrderingBody,
  DictationBody,
  SpokenBody,
]);
export type ItemBody = z.infer<typeof ItemBody>;

// ---------------------------------------------------------------------------------------------
// Keys: what marks an item, and the feedback.

/**
 * A choice item's credit per option, in percent of the item's points: in a one-answer item the
 * right option has 100 (others may have partial credit, as GIFT's `~%50%`); in a several-answer
 * item the right ones share 100 and wrong ones may take credit away (negative). A response's
 * credit is the sum of what it chose, kept between 0 and 100.
 */
export const ChoiceKey = z.object({
  type: z.literal('choice'),
  credit: z.record(PartId, z.number().int().min(-100).max(100)),
  feedback: z.record(PartId, Words(ITEM_LIMITS.feedback)).optional(),
});
export const TrueFalseKey = z.object({
  type: z.literal('true_false'),
  answer: z.boolean(),
  /** Shown when the student chose true, or false. */
  feedback_true: Words(ITEM_LIMITS.feedback).optional(),
  feedback_false: Words(ITEM_LIMITS.feedback).optional(),
});
export const ShortKey = z.object({
  type: z.literal('short'),
  accepted: z.array(AcceptedAnswer).min(1).max(ITEM_LIMITS.accepted),
  typo: z.enum(TYPO_RULES),
});
/** A number within `tolerance` of `value` (GIFT's numerical questions). */
export const NumericalKey = z.object({
  type: z.literal('numerical'),
  accepted: z
    .array(
      z.object({
        value: z.number().finite(),
        tolerance: z.number().finite().min(0),
        percent: z.number().int().min(1).max(100),
        feedback: Words(ITEM_LIMITS.feedback).optional(),
      }),
    )
    .min(1)
    .max(ITEM_LIMITS.accepted),
});
/** Each gap's accepted answers (a chosen gap's right word is its one accepted answer). */
export const GapsKey = z.object({
  type: z.literal('gaps'),
  gaps: z.record(PartId, z.array(Said(ITEM_LIMITS.answer)).min(1).max(ITEM_LIMITS.accepted)),
  typo: z.enum(TYPO_RULES),
});
/** Prompt id → answer id. */
export const MatchingKey = z.object({
  type: z.literal('matching'),
  pairs: z.record(PartId, PartId),
});
/** The pieces' ids in the right order. */
export const OrderingKey = z.object({
  type: z.literal('ordering'),
  order: z.array(PartId).min(2).max(ITEM_LIMITS.parts),
});
/** What the recording says, marked word by word. */
export const DictationKey = z.object({
  type: z.literal('dictation'),
  text: Said(ITEM_LIMITS.prompt),
});
/** What a teacher looks for in a spoken answer (shown in the review as the model answer). */
export const SpokenKey = z.object({
  type: z.literal('spoken'),
  model_answer: Words(ITEM_LIMITS.prompt).optional(),
});

export const ItemKey = z.discriminatedUnion('type', [
  ChoiceKey,
  TrueFalseKey,
  ShortKey,
  NumericalKey,
  GapsKey,
  MatchingKey,
  OrderingKey,
  DictationKey,
  SpokenKey,
]);
export type ItemKey = z.infer<typeof ItemKey>;

// ---------------------------------------------------------------------------------------------
// Responses: what a student gave.

export const ItemResponse = z.discriminatedUnion('type', [
  z.object({ type: z.literal('choice'), chosen: z.array(PartId).max(ITEM_LIMITS.parts) }),
  z.object({ type: z.literal('true_false'), answer: z.boolean() }),
  z.object({ type: z.literal('short'), text: Words(ITEM_LIMITS.answer) }),
  z.object({ type: z.literal('numerical'), text: Words(40) }),
  z.object({
    type: z.literal('gaps'),
    gaps: z.record(PartId, Words(ITEM_LIMITS.answer)),
  }),
  z.object({ type: z.literal('matching'), pairs: z.record(PartId, PartId) }),
  z.object({ type: z.literal('ordering'), order: z.array(PartId).max(ITEM_LIMITS.parts) }),
  z.object({ type: z.literal('dictation'), text: Words(ITEM_LIMITS.prompt) }),
  /** The recording is uploaded on its own; the response names the stored file. */
  z.object({ type: z.literal('spoken'), file: z.string().max(200) }),
]);
export type ItemResponse = z.infer<typeof ItemResponse>;

// ---------------------------------------------------------------------------------------------
// An item as the bank keeps one version of it.

export const ItemTags = z.object({
  level: z.enum(CEFR_LEVELS).nullable(),
  skill: z.enum(ITEM_SKILLS).nullable(),
  /** The course book's unit or the academy's topic ('Unit 3', 'Past simple'). */
  unit: Words(ITEM_LIMITS.unit).trim().nullable(),
});
export type ItemTags = z.infer<typeof ItemTags>;

/** One version of an item: what is answered, what marks it, and what it is worth. */
export const ItemVersion = z
  .object({
    /** The question or instruction, shown above the item's body. */
    prompt: Said(ITEM_LIMITS.prompt),
    body: ItemBody,
    key: ItemKey,
    /** Whole points the item is worth in a quiz (its share of the quiz's total). */
    points: z.number().int().min(1).max(100),
    /** Shown in the review whatever was answered. */
    general_feedback: Words(ITEM_LIMITS.feedback).optional(),
  })
  .superRefine((item, ctx) => {
    for (const problem of keyProblems(item.body, item.key)) {
      ctx.addIssue({ code: 'custom', message: problem, path: ['key'] });
    }
  });
export type ItemVersion = z.infer<typeof ItemVersion>;
