import { z } from 'zod';
import { COUNTS_RULES } from '../quizzes/attempts.js';
import {
  CEFR_LEVELS,
  ITEM_LIMITS,
  ITEM_SKILLS,
  ITEM_TYPES,
  ItemBody,
  ItemKey,
  ItemResponse,
} from '../quizzes/items.js';
import {
  QUIZ_CARDS,
  QUIZ_KINDS,
  QUIZ_LIMITS,
  type QuizKind,
  SENT_QUIZ_KINDS,
} from '../quizzes/quiz-rules.js';
import { DEFAULT_REVIEW, ReviewOptions } from '../quizzes/review.js';
import { QUIZ_TAG_MAX } from '../results.js';
import {
  DeleteByIdRequest,
  defineSchemas,
  Id,
  MarkSchema,
  MarkText,
  Moment,
  SavedResponse,
  SuccessResponse,
  Timestamp,
  text,
  wholeNumber,
} from './common.js';
import { oneRecipientChoice, recipientFields } from './recipients.js';

/**
 * Quizzes (issue 51, points 2, 3 and 10): building and sending them (staff), taking them
 * (students), the review, and staff reading and marking attempts. A student's answers carry
 * item bodies (what is answered), never keys (what marks): the key reaches a student only in
 * the review, and only as the quiz's review options allow.
 */

export { QUIZ_CARDS, QUIZ_KINDS, QUIZ_LIMITS, type QuizKind, SENT_QUIZ_KINDS };

const Level = z.enum(CEFR_LEVELS, { error: 'must be a CEFR level from A1 to C2' });
const Skill = z.enum(ITEM_SKILLS, { error: 'must be one of the bank’s skills' });

/** A tag a draw takes items from; a null part matches every item. */
export const QuizDrawTag = z.object({
  level: Level.nullable().default(null),
  skill: Skill.nullable().default(null),
  unit: z
    .string()
    .trim()
    .max(ITEM_LIMITS.unit, { error: `must be at most ${ITEM_LIMITS.unit} characters` })
    .nullable()
    .default(null)
    .transform((u) => (u === '' ? null : u)),
});

/** What a quiz is made of: one item of the bank, or N drawn at random from a tag. */
export const QuizPartInput = z
  .object({
    item_id: Id.optional(),
    draw: QuizDrawTag.extend({
      count: z
        .number({ error: 'A draw needs a number of items.' })
        .int({ error: 'A draw takes a whole number of items.' })
        .min(1, { error: 'A draw takes at least one item.' })
        .max(QUIZ_LIMITS.draw, { error: `A draw takes at most ${QUIZ_LIMITS.draw} items.` }),
    }).optional(),
  })
  .refine((p) => (p.item_id === undefined) !== (p.draw === undefined), {
    error: 'Each part of a quiz is one item of the bank or a draw from it, not both.',
  });
export type QuizPartInput = z.infer<typeof QuizPartInput>;

/** A placement test's band: from this percent of the mark up, this level is suggested. */
export const PlacementBand = z.object({
  level: Level,
  from_percent: z.number().int().min(0).max(100),
});

const Bands = z
  .array(PlacementBand)
  .max(CEFR_LEVELS.length)
  .refine(
    (bands) => bands.every((b, i) => i === 0 || b.from_percent > (bands[i - 1]?.from_percent ?? 0)),
    { error: 'Placement bands must go up: each starts at a higher percent than the one before.' },
  );

export const SaveQuizRequest = z
  .object({
    /** Absent: a new quiz. */
    id: Id.optional(),
    title: text(QUIZ_LIMITS.title, 'Please enter a title.'),
    description: text(QUIZ_LIMITS.description).default(''),
    /** A label a result sheet's component averages by ("Vocabulary"); '' or null: none. */
    tag: z
      .string()
      .trim()
      .max(QUIZ_TAG_MAX, { error: `A tag must be at most ${QUIZ_TAG_MAX} characters.` })
      .nullable()
      .default(null)
      .transform((t) => (t === '' ? null : t)),
    kind: z.enum(SENT_QUIZ_KINDS, { error: 'must be quiz or placement' }).default('quiz'),
    access_start: Moment,
    access_end: Moment,
    /** Minutes an attempt may last; null: until the window closes. */
    time_limit_minutes: z
      .number()
      .int({ error: 'The time limit is a whole number of minutes.' })
      .min(1, { error: 'The time limit is at least one minute.' })
      .max(QUIZ_LIMITS.minutes, { error: 'The time limit is at most 600 minutes.' })
      .nullable()
      .default(null),
    /** 0: as many attempts as the student likes. */
    attempts_allowed: z
      .number()
      .int({ error: 'Attempts must be a whole number.' })
      .min(0, { error: 'Attempts cannot be fewer than 0 (0: as many as a student likes).' })
      .max(QUIZ_LIMITS.attempts, { error: `At most ${QUIZ_LIMITS.attempts} attempts.` })
      .default(1),
    counts: z
      .enum(COUNTS_RULES, { error: 'must be highest, last, average or first' })
      .default('highest'),
    shuffle_items: z.boolean().default(false),
    shuffle_options: z.boolean().default(false),
    /** One item per screen (a phone), or every item on one page. */
    one_per_page: z.boolean().default(true),
    review: ReviewOptions.default(DEFAULT_REVIEW),
    cards: z.enum(QUIZ_CARDS, { error: 'must be offer or make' }).default('offer'),
    out_of: z
      .number()
      .int({ error: 'The mark must be out of a whole number from 1 to 1000.' })
      .min(1, { error: 'The mark must be out of a whole number from 1 to 1000.' })
      .max(1000, { error: 'The mark must be out of a whole number from 1 to 1000.' })
      .default(100),
    /** A placement test's bands, lowest first; null for a quiz. */
    bands: Bands.nullable().default(null),
    parts: z
      .array(QuizPartInput)
      .min(1, { error: 'Add at least one item or draw to the quiz.' })
      .max(QUIZ_LIMITS.parts, { error: `A quiz has at most ${QUIZ_LIMITS.parts} parts.` }),
  })
  .refine((q) => q.kind === 'placement' || q.bands === null || q.bands.length === 0, {
    error: 'Only a placement test has bands.',
    path: ['bands'],
  })
  .refine((q) => q.kind !== 'placement' || (q.bands?.length ?? 0) > 0, {
    error: 'A placement test needs at least one band.',
    path: ['bands'],
  });

/** The three counts a staff list shows: sent to, started, submitted (a teacher's: their students). */
const QuizCounts = {
  sent: z.number().int(),
  started: z.number().int(),
  submitted: z.number().int(),
};

export const QuizSummary = z.object({
  id: Id,
  title: z.string(),
  tag: z.string().nullable(),
  kind: z.enum(QUIZ_KINDS),
  access_start: Timestamp,
  access_end: Timestamp,
  time_limit_minutes: z.number().int().nullable(),
  attempts_allowed: z.number().int(),
  /** Who it was sent to, in words ("B1 Evening", "3 students", a student's name); '' if not yet. */
  recipients: z.string(),
  ...QuizCounts,
  /** Whether the caller may change, send and delete it (a teacher: their own quizzes). */
  can_edit: z.boolean(),
});

export const ListQuizzesRequest = z.object({});
export const ListQuizzesResponse = z.object({
  success: z.literal(true),
  quizzes: z.array(QuizSummary),
});

/** A part as the builder shows it back. */
export const QuizPartView = z.object({
  position: z.number().int(),
  item_id: z.number().int().nullable(),
  /** The item's current prompt and kind, for a fixed part. */
  item_prompt: z.string().nullable(),
  item_type: z.enum(ITEM_TYPES).nullable(),
  draw: QuizDrawTag.extend({ count: z.number().int() }).nullable(),
  /** How many items of the bank a draw may take from now. */
  available: z.number().int().nullable(),
});

export const QuizDetail = QuizSummary.extend({
  description: z.string(),
  counts: z.enum(COUNTS_RULES),
  shuffle_items: z.boolean(),
  shuffle_options: z.boolean(),
  one_per_page: z.boolean(),
  review: ReviewOptions,
  cards: z.enum(QUIZ_CARDS),
  out_of: z.number().int(),
  bands: z.array(PlacementBand).nullable(),
  class_id: z.number().int().nullable(),
  parts: z.array(QuizPartView),
  /** True once a student has started it: its parts can no longer change (its settings can). */
  parts_locked: z.boolean(),
});

export const GetQuizRequest = z.object({ id: Id });
export const GetQuizResponse = z.object({ success: z.literal(true), quiz: QuizDetail });

export const SendQuizRequest = z
  .object({ quiz_id: Id, ...recipientFields('Please select a student.') })
  .superRefine(oneRecipientChoice('Please select a student.'));

// ---------------------------------------------------------------------------------------------
// The student's side.

export const QUIZ_STATES = ['upcoming', 'open', 'closed'] as const;

/** An attempt as the student's list shows it: its mark only when the review shows the score. */
export const StudentAttemptSummary = z.object({
  id: Id,
  number: z.number().int(),
  started_at: Timestamp,
  /** When it was submitted, or closed at its deadline; null while open. */
  submitted_at: Timestamp.nullable(),
  closed_by: z.enum(['student', 'time']).nullable(),
  /** Absent while the review does not show the score; null while a spoken answer awaits a mark. */
  mark: MarkSchema.nullable().optional(),
});

export const StudentQuiz = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  kind: z.enum(QUIZ_KINDS),
  state: z.enum(QUIZ_STATES),
  access_start: Timestamp,
  access_end: Timestamp,
  time_limit_minutes: z.number().int().nullable(),
  attempts_allowed: z.number().int(),
  attempts_used: z.number().int(),
  /** Null: as many as the student likes. */
  attempts_left: z.number().int().nullable(),
  /** The attempt going on, to continue it. */
  open_attempt_id: z.number().int().nullable(),
  attempts: z.array(StudentAttemptSummary),
  /** The mark that counts (the quiz's rule), once the review shows the score. */
  counted: MarkSchema.nullable().optional(),
});

export const MyQuizzesRequest = z.object({ user_id: Id });
export const MyQuizzesResponse = z.object({
  success: z.literal(true),
  quizzes: z.array(StudentQuiz),
  /** The server's clock, so the phone's timer counts from it and not from its own. */
  now: Timestamp,
  /** Items the student got wrong that "Practise my mistakes" would draw from (point 6). */
  mistakes: z.number().int(),
});

export const StartQuizAttemptRequest = z.object({ user_id: Id, quiz_id: Id });
export const StartQuizAttemptResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  attempt_id: Id,
  /** False when the attempt going on was returned instead of a new one. */
  started: z.boolean(),
});

export const AttemptRequest = z.object({ user_id: Id, attempt_id: Id });

/** A passage as a student sees it while answering: a reading's text, or a recording's plays. */
export const StudentPassage = z.object({
  id: Id,
  kind: z.enum(['text', 'recording']),
  title: z.string(),
  /** A reading's text; null for a recording (its URL comes only through the play call). */
  text: z.string().nullable(),
  /** Plays left in this attempt; null: as many as the student likes. */
  plays_left: z.number().int().nullable(),
});

/** An item while answering: the body alone, its options in this attempt's order. */
export const StudentAttemptItem = z.object({
  position: z.number().int(),
  type: z.enum(ITEM_TYPES),
  prompt: z.string(),
  body: ItemBody,
  points: z.number().int(),
  passage: StudentPassage.nullable(),
  /** What the student saved; null: not answered yet. */
  response: ItemResponse.nullable(),
});

export const StudentAttempt = z.object({
  id: Id,
  quiz_id: Id,
  title: z.string(),
  number: z.number().int(),
  state: z.enum(['open', 'closed']),
  closed_by: z.enum(['student', 'time']).nullable(),
  started_at: Timestamp,
  /** When the server closes it: the time limit's end or the window's, whichever is first. */
  deadline: Timestamp,
  /** The server's clock now: the timer shows deadline − now, whatever the phone's clock says. */
  now: Timestamp,
  one_per_page: z.boolean(),
  /** In the drawn order; empty once closed (the review shows what it allows). */
  items: z.array(StudentAttemptItem),
});

export const GetQuizAttemptResponse = z.object({
  success: z.literal(true),
  attempt: StudentAttempt,
});

export const SavedAnswer = z.object({
  position: z.number().int().min(0).max(10_000),
  /** Null clears an answer. */
  response: ItemResponse.nullable(),
  /** Seconds the device counted on this item since the last save (item analysis's time). */
  seconds: z.number().int().min(0).max(86_400).default(0),
});

export const SaveQuizAnswersRequest = z.object({
  user_id: Id,
  attempt_id: Id,
  answers: z
    .array(SavedAnswer)
    .min(1, { error: 'There is no answer to save.' })
    .max(QUIZ_LIMITS.answersPerSave, {
      error: `At most ${QUIZ_LIMITS.answersPerSave} answers at once.`,
    }),
});
export const SaveQuizAnswersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  saved: z.number().int(),
  deadline: Timestamp,
  now: Timestamp,
});

/** The recording travels as the multipart field `audio_file`; these are its text fields. */
export const SaveQuizRecordingRequest = z.object({
  user_id: Id,
  attempt_id: Id,
  position: wholeNumber({
    least: 0,
    leastWords: 0,
    most: 10_000,
    tooBig: 'is not a question of this attempt',
    digits: 5,
  }),
});

export const PlayQuizRecordingRequest = z.object({ user_id: Id, attempt_id: Id, passage_id: Id });
export const PlayQuizRecordingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** A signed link to the recording, relative to the API base. */
  file_url: z.string(),
  plays_left: z.number().int().nullable(),
});

export const SubmitQuizAttemptResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  closed_by: z.enum(['student', 'time']),
});

/** What the review may show, and whether it shows it now. */
export const ReviewShows = z.object({
  score: z.boolean(),
  answers: z.boolean(),
  right_answers: z.boolean(),
  feedback: z.boolean(),
});

/**
 * One item in the review: each field only when the review shows it (`shows`): the earned
 * points with the score, the student's response with their answers, the right answer and each
 * part's right or wrong with the right answers, the feedback with the feedback.
 */
export const ReviewItem = z.object({
  position: z.number().int(),
  type: z.enum(ITEM_TYPES),
  prompt: z.string(),
  body: ItemBody,
  points: z.number().int(),
  hundredths: z.number().int().nullable().optional(),
  outcome: z.enum(['right', 'partial', 'wrong', 'unanswered', 'awaiting']).optional(),
  response: ItemResponse.nullable().optional(),
  right_answer: z.string().optional(),
  parts: z.record(z.string(), z.boolean()).optional(),
  feedback: z.array(z.string()).optional(),
  /**
   * The Leitner cards this answer's mistakes may become (point 6): one for a wrong item, or
   * one per wrong gap or pair (`part`: the gap's or the prompt's id). Only while the review
   * shows the right answers (a card's back is the right answer); absent for a right answer.
   */
  cards: z
    .array(
      z.object({
        part: z.string().nullable(),
        front: z.string(),
        back: z.string(),
        /** Whether the student has the card already (made by them, or by the quiz's setting). */
        made: z.boolean(),
      }),
    )
    .optional(),
});

export const QuizReview = z.object({
  attempt_id: Id,
  quiz_id: Id,
  title: z.string(),
  number: z.number().int(),
  closed_by: z.enum(['student', 'time']),
  submitted_at: Timestamp,
  shows: ReviewShows,
  /** When more will be shown (the window's close), for a review 'after close'; else null. */
  more_at: Timestamp.nullable(),
  mark: MarkSchema.nullable().optional(),
  items: z.array(ReviewItem),
});
export const QuizReviewResponse = z.object({ success: z.literal(true), review: QuizReview });

// ---------------------------------------------------------------------------------------------
// Staff reading attempts.

export const QuizAttemptsRequest = z.object({ quiz_id: Id });
export const StaffAttemptSummary = z.object({
  id: Id,
  number: z.number().int(),
  started_at: Timestamp,
  deadline: Timestamp,
  submitted_at: Timestamp.nullable(),
  closed_by: z.enum(['student', 'time']).nullable(),
  mark: MarkSchema.nullable(),
  awaiting_marks: z.number().int(),
});
export const QuizAttemptsResponse = z.object({
  success: z.literal(true),
  quiz: z.object({
    id: Id,
    title: z.string(),
    out_of: z.number().int(),
    counts: z.enum(COUNTS_RULES),
  }),
  students: z.array(
    z.object({
      user_id: Id,
      name: z.string(),
      attempts: z.array(StaffAttemptSummary),
      /** The mark that counts by the quiz's rule; null: none yet. */
      counted: MarkSchema.nullable(),
    }),
  ),
});

/** A staff read names the attempt's student too, so a teacher's reach is checked before it runs. */
export const StaffAttemptRequest = z.object({ attempt_id: Id, user_id: Id });

export const StaffAttemptItem = z.object({
  position: z.number().int(),
  item_id: Id,
  version_id: Id,
  type: z.enum(ITEM_TYPES),
  prompt: z.string(),
  body: ItemBody,
  key: ItemKey,
  points: z.number().int(),
  general_feedback: z.string().nullable(),
  response: ItemResponse.nullable(),
  /** A spoken answer's recording, as a signed link; null otherwise. */
  recording_url: z.string().nullable(),
  hundredths: z.number().int().nullable(),
  outcome: z.enum(['right', 'partial', 'wrong', 'unanswered', 'awaiting']),
  right_answer: z.string(),
  /** Who marked a spoken answer; null: marked automatically, or not yet. */
  marked_by: z.string().nullable(),
  seconds: z.number().int(),
});

export const StaffAttemptResponse = z.object({
  success: z.literal(true),
  attempt: z.object({
    id: Id,
    quiz_id: Id,
    quiz_title: z.string(),
    user_id: Id,
    user_name: z.string(),
    number: z.number().int(),
    started_at: Timestamp,
    deadline: Timestamp,
    submitted_at: Timestamp.nullable(),
    closed_by: z.enum(['student', 'time']).nullable(),
    mark: MarkSchema.nullable(),
    awaiting_marks: z.number().int(),
    items: z.array(StaffAttemptItem),
  }),
});

/** A teacher's mark on one spoken answer, in points of the item as typed ('1.5'); '' takes it away. */
export const MarkQuizAnswerRequest = z.object({
  attempt_id: Id,
  user_id: Id,
  position: z.number().int().min(0).max(10_000),
  mark: MarkText,
});
export const MarkQuizAnswerResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The attempt's mark now; null while another spoken answer awaits one. */
  mark: MarkSchema.nullable(),
});

// ---------------------------------------------------------------------------------------------
// Mistakes become cards (point 6).

/** A card from a mistake: the answer's item, and which gap or pair of it (null: the item). */
export const MakeQuizCardRequest = z.object({
  user_id: Id,
  attempt_id: Id,
  position: z.number().int().min(0).max(10_000),
  part: z.string().max(8).nullable().default(null),
});
export const MakeQuizCardResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  card_id: Id,
});

/** Starts a practice quiz of the student's own wrong items; not counted anywhere. */
export const PractiseMistakesRequest = z.object({ user_id: Id });
export const PractiseMistakesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  quiz_id: Id,
  attempt_id: Id,
});

export const quizSchemas = defineSchemas({
  listQuizzes: { request: ListQuizzesRequest, response: ListQuizzesResponse },
  getQuiz: { request: GetQuizRequest, response: GetQuizResponse },
  saveQuiz: { request: SaveQuizRequest, response: SavedResponse },
  sendQuiz: { request: SendQuizRequest, response: SuccessResponse },
  deleteQuiz: { request: DeleteByIdRequest, response: SuccessResponse },
  myQuizzes: { request: MyQuizzesRequest, response: MyQuizzesResponse },
  startQuizAttempt: { request: StartQuizAttemptRequest, response: StartQuizAttemptResponse },
  getQuizAttempt: { request: AttemptRequest, response: GetQuizAttemptResponse },
  saveQuizAnswers: { request: SaveQuizAnswersRequest, response: SaveQuizAnswersResponse },
  saveQuizRecording: { request: SaveQuizRecordingRequest, response: SaveQuizAnswersResponse },
  playQuizRecording: { request: PlayQuizRecordingRequest, response: PlayQuizRecordingResponse },
  submitQuizAttempt: { request: AttemptRequest, response: SubmitQuizAttemptResponse },
  quizReview: { request: AttemptRequest, response: QuizReviewResponse },
  quizAttempts: { request: QuizAttemptsRequest, response: QuizAttemptsResponse },
  staffQuizAttempt: { request: StaffAttemptRequest, response: StaffAttemptResponse },
  markQuizAnswer: { request: MarkQuizAnswerRequest, response: MarkQuizAnswerResponse },
  makeQuizCard: { request: MakeQuizCardRequest, response: MakeQuizCardResponse },
  practiseQuizMistakes: { request: PractiseMistakesRequest, response: PractiseMistakesResponse },
});
