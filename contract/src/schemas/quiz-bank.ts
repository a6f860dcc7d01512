import { z } from 'zod';
import {
  CEFR_LEVELS,
  ITEM_LIMITS,
  ITEM_SKILLS,
  ITEM_TYPES,
  ItemBody,
  ItemKey,
  ItemTags,
  ItemVersion,
  PASSAGE_KINDS,
  QUESTION_IMPORT_MAX_CHARS,
} from '../quizzes/items.js';
import {
  defineSchemas,
  Id,
  MarkSchema,
  NoPayload,
  OptionalId,
  Page,
  SavedResponse,
  SuccessResponse,
  Timestamp,
  text,
  wholeNumber,
} from './common.js';

/** Items a page of the bank's list shows. */
export const QUIZ_ITEMS_PAGE_SIZE = 50;
/** Passages a page of their list shows. */
export const QUIZ_PASSAGES_PAGE_SIZE = 50;
/** How much of a prompt a list row, a preview row or a refused block shows. */
export const PROMPT_EXCERPT_CHARS = 160;

const Level = z.enum(CEFR_LEVELS, { error: 'must be a CEFR level from A1 to C2' });
const Skill = z.enum(ITEM_SKILLS, {
  error: `must be one of ${ITEM_SKILLS.join(', ')}`,
});
const ItemTypeField = z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(', ')}` });
/** A query's filter left blank ('' from a select's "any" option) filters nothing. */
const blankIsAny = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The bank's filters, shared by its list and its GIFT export. */
const BankFilter = {
  level: blankIsAny(Level),
  skill: blankIsAny(Skill),
  unit: blankIsAny(text(ITEM_LIMITS.unit)),
  type: blankIsAny(ItemTypeField),
  /** Words of the prompt, in any case. */
  q: blankIsAny(text(200)),
  /** '1': the archived items only; '0' or absent: the others. */
  archived: z.enum(['0', '1'], { error: "must be '0' or '1'" }).default('0'),
  /** '1': only the caller's own items. */
  mine: z.enum(['0', '1'], { error: "must be '0' or '1'" }).default('0'),
};

export const ListQuizItemsRequest = z.object({ ...BankFilter, page: Page.default(1) });

/** Who wrote something of the bank, and whether the caller may change it. */
const Authorship = {
  created_by: Id.nullable(),
  /** Null once the author's account is deleted. */
  created_by_name: z.string().nullable(),
  /** Administrators change anything; a teacher what they wrote. */
  can_edit: z.boolean(),
};

export const QuizItemRow = z.object({
  id: Id,
  type: ItemTypeField,
  level: Level.nullable(),
  skill: Skill.nullable(),
  unit: z.string().nullable(),
  /** The current version's prompt, cut to PROMPT_EXCERPT_CHARS. */
  prompt: z.string(),
  points: z.number().int(),
  /** The current version's number (1 for an item never changed after it was answered). */
  version: z.number().int(),
  passage_id: Id.nullable(),
  passage_title: z.string().nullable(),
  archived: z.boolean(),
  /** How many answers (in any attempt) name any of its versions. */
  answers: z.number().int(),
  updated_at: Timestamp,
  ...Authorship,
});
export const ListQuizItemsResponse = z.object({
  success: z.literal(true),
  items: z.array(QuizItemRow),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

export const QuizItemRequest = z.object({ item_id: Id });

const PassageRef = z.object({
  id: Id,
  kind: z.enum(PASSAGE_KINDS),
  title: z.string(),
});

export const QuizItemVersionRow = z.object({
  id: Id,
  version: z.number().int(),
  prompt: z.string(),
  points: z.number().int(),
  created_at: Timestamp,
  created_by_name: z.string().nullable(),
  /** Answers that name this version: a version answered is never changed in place. */
  answers: z.number().int(),
});

export const GetQuizItemResponse = z.object({
  success: z.literal(true),
  item: z.object({
    id: Id,
    type: ItemTypeField,
    level: Level.nullable(),
    skill: Skill.nullable(),
    unit: z.string().nullable(),
    passage: PassageRef.nullable(),
    archived: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
    ...Authorship,
    /** The current version, key and feedback included: the bank is staff's alone. */
    current: z.object({
      id: Id,
      version: z.number().int(),
      prompt: z.string(),
      body: ItemBody,
      key: ItemKey,
      points: z.number().int(),
      general_feedback: z.string().optional(),
    }),
    /** Every version, the newest first. */
    versions: z.array(QuizItemVersionRow),
  }),
});

/**
 * An item as the editor saves it: its tags, the passage it stands on (null: none), and what
 * it is (ItemVersion: prompt, body, key, points, feedback), checked whole, the key against the
 * body (keyProblems' words name what is wrong).
 */
export const SaveQuizItemRequest = z.object({
  /** Absent: a new item. */
  item_id: Id.optional(),
  level: Level.nullable().default(null),
  skill: Skill.nullable().default(null),
  /** The course book's unit or the academy's topic; blank: none. */
  unit: ItemTags.shape.unit.default(null).transform((unit) => (unit === '' ? null : unit)),
  passage_id: Id.nullable().default(null),
  version: ItemVersion,
});
export const SaveQuizItemResponse = SavedResponse.extend({
  /** The current version's number after the save. */
  version: z.number().int(),
  /** True when answers named the version that was current, so this save added a version. */
  new_version: z.boolean(),
});

export const ArchiveQuizItemRequest = z.object({
  item_id: Id,
  archived: z.boolean({ error: 'archived must be true or false' }),
});
export const QuizItemByIdRequest = z.object({ item_id: Id });

export const QuizBankTagsResponse = z.object({
  success: z.literal(true),
  /** Every unit of the bank's items (not archived), in alphabetical order. */
  units: z.array(z.string()),
  /** How many items (not archived) each level × skill × unit holds; null: not tagged. */
  counts: z.array(
    z.object({
      level: Level.nullable(),
      skill: Skill.nullable(),
      unit: z.string().nullable(),
      count: z.number().int(),
    }),
  ),
});

export const ListQuizPassagesRequest = z.object({
  q: blankIsAny(text(200)),
  page: Page.default(1),
});
export const QuizPassageRow = z.object({
  id: Id,
  kind: z.enum(PASSAGE_KINDS),
  title: z.string(),
  /** A reading's text; null for a recording. */
  text: z.string().nullable(),
  /** A recording's signed link for the caller, its file name and its length; null for a text. */
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  seconds: z.number().nullable(),
  /** Plays allowed in one attempt; 0: as many as the student likes. */
  play_limit: z.number().int(),
  /** Items standing on it (archived ones too: they keep it). */
  items: z.number().int(),
  created_at: Timestamp,
  ...Authorship,
});
export const ListQuizPassagesResponse = z.object({
  success: z.literal(true),
  passages: z.array(QuizPassageRow),
  has_more: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});

/** Plays of a recording allowed in one attempt, as typed (0: no limit). */
const PlayLimit = wholeNumber({
  least: 0,
  leastWords: 0,
  most: ITEM_LIMITS.plays,
  tooBig: `must be at most ${ITEM_LIMITS.plays}`,
  digits: 3,
});

/**
 * A passage as its form sends it (multipart, so a recording can come with it): a text, or a
 * recording in the `recording` field (an edit without one keeps the one it has).
 */
export const SaveQuizPassageRequest = z.object({
  passage_id: OptionalId,
  kind: z.enum(PASSAGE_KINDS, { error: 'must be text or recording' }),
  title: text(200, 'Please give the passage a title.'),
  text: text(ITEM_LIMITS.passage).optional(),
  play_limit: PlayLimit.default(0),
});
export const QuizPassageByIdRequest = z.object({ passage_id: Id });

export const QUESTION_FORMATS = ['gift', 'aiken'] as const;

/**
 * GIFT or Aiken text, pasted or read from a file by the browser (as the users' import reads
 * its CSV), and the tags to give questions whose category names none.
 */
export const QuestionImportRequest = z.object({
  format: z.enum(QUESTION_FORMATS, { error: 'must be gift or aiken' }),
  text: z
    .string({ error: 'Please paste the questions or choose a file.' })
    .min(1, { error: 'The file is empty.' })
    .max(QUESTION_IMPORT_MAX_CHARS, {
      error: `The text is too long: at most ${QUESTION_IMPORT_MAX_CHARS.toLocaleString('en-US')} characters. Split it into smaller files.`,
    }),
  level: Level.nullable().default(null),
  skill: Skill.nullable().default(null),
  unit: text(ITEM_LIMITS.unit)
    .nullable()
    .default(null)
    .transform((unit) => (unit === '' ? null : unit)),
  /**
   * The import only: true when the teacher has seen the refused blocks in the preview and
   * imports the other questions without them; otherwise a text with a refused block imports
   * nothing.
   */
  skip_refused: z.boolean({ error: 'skip_refused must be true or false' }).default(false),
});

export const RefusedQuestion = z.object({
  /** The line (from 1) where the refused block starts. */
  line: z.number().int(),
  excerpt: z.string(),
  /** Why, in words a teacher reads. */
  reason: z.string(),
});

export const QuestionImportPreviewResponse = z.object({
  success: z.literal(true),
  /** The questions the import would write, in the text's order. */
  questions: z.array(
    z.object({
      line: z.number().int(),
      title: z.string().nullable(),
      category: z.string().nullable(),
      type: ItemTypeField,
      /** The prompt, cut to PROMPT_EXCERPT_CHARS. */
      prompt: z.string(),
      level: Level.nullable(),
      skill: Skill.nullable(),
      unit: z.string().nullable(),
      /** What the import changed or left out of it (an image, feedback with no place). */
      notes: z.array(z.string()),
    }),
  ),
  refused: z.array(RefusedQuestion),
  /** What the import would do ("12 questions will be imported; 2 blocks are left out."). */
  message: z.string(),
});

export const ImportQuestionsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The new items' ids, in the text's order. */
  item_ids: z.array(Id),
  /** The blocks left out, as the preview named them. */
  refused: z.array(RefusedQuestion),
});

export const ExportQuestionsRequest = z.object(BankFilter);
/** A GIFT file to save: its text and name (as the app's CSV downloads are answered). */
export const ExportQuestionsResponse = z.object({
  success: z.literal(true),
  gift: z.string(),
  file_name: z.string(),
  /** Items in the file (those GIFT cannot hold are written as comments naming them). */
  count: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// An honest regrade (issue 51, point 5).

/**
 * A regrade of an item after its key was corrected: the answers given to its earlier versions
 * that showed the students the same question (the same prompt, body and passage; only the
 * key, the points or the feedback differ) are marked again with the current version. First previewed
 * (nothing changes), then applied.
 */
export const RegradeRequest = z.object({ item_id: Id });

/** One attempt whose mark the regrade changes, or would change. */
export const RegradeChange = z.object({
  attempt_id: Id,
  quiz_id: Id,
  quiz_title: z.string(),
  user_id: Id,
  student: z.string(),
  /** Null while a spoken answer of it awaits a teacher. */
  before: MarkSchema.nullable(),
  after: MarkSchema.nullable(),
});

export const RegradeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Answers marked again with the current version (open attempts' too, marked at their close). */
  answers: z.number().int(),
  /** Closed attempts whose mark changes, up to REGRADE_LIST_MOST of them. */
  changes: z.array(RegradeChange),
  /** How many closed attempts change in all (the list may hold fewer). */
  changed: z.number().int(),
  /** Answers to earlier versions that showed another question: they keep their marks. */
  kept: z.number().int(),
});

/** The most changed attempts a preview lists (all are applied). */
export const REGRADE_LIST_MOST = 200;

export const quizBankSchemas = defineSchemas({
  listQuizItems: { request: ListQuizItemsRequest, response: ListQuizItemsResponse },
  getQuizItem: { request: QuizItemRequest, response: GetQuizItemResponse },
  saveQuizItem: { request: SaveQuizItemRequest, response: SaveQuizItemResponse },
  archiveQuizItem: { request: ArchiveQuizItemRequest, response: SuccessResponse },
  deleteQuizItem: { request: QuizItemByIdRequest, response: SuccessResponse },
  quizBankTags: { request: NoPayload, response: QuizBankTagsResponse },
  listQuizPassages: { request: ListQuizPassagesRequest, response: ListQuizPassagesResponse },
  saveQuizPassage: { request: SaveQuizPassageRequest, response: SavedResponse },
  deleteQuizPassage: { request: QuizPassageByIdRequest, response: SuccessResponse },
  previewQuestionImport: {
    request: QuestionImportRequest,
    response: QuestionImportPreviewResponse,
  },
  importQuestions: { request: QuestionImportRequest, response: ImportQuestionsResponse },
  exportQuestionsGift: { request: ExportQuestionsRequest, response: ExportQuestionsResponse },
  previewQuizRegrade: { request: RegradeRequest, response: RegradeResponse },
  regradeQuizItem: { request: RegradeRequest, response: RegradeResponse },
});
