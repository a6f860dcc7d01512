import { z } from 'zod';
import { defineSchemas, Id, OwnUser, Page, SuccessResponse, text } from './common.js';

export const MAX_CARD_TEXT = 500;

/** A flashcard as every card call shows it (spec section 3); dates are academy-local days. */
export const Flashcard = z.object({
  id: Id,
  user_id: Id,
  front_text: z.string(),
  back_text: z.string(),
  level: z.number(),
  next_review_date: z.string(),
  last_done_date: z.string().nullable(),
  /** 1 when the card was answered today (in the academy's time zone). */
  done_today: z.union([z.literal(0), z.literal(1)]),
  /** New: 1 when a teacher added it to the student's box (while correcting their work). */
  from_teacher: z.union([z.literal(0), z.literal(1)]),
});

const cardText = () => text(MAX_CARD_TEXT, 'Please fill in both fields!');

export const GetCardsToReviewResponse = z.object({
  success: z.literal(true),
  cards_to_review: z.number(),
});

export const UpdateCardRequest = z.object({
  id: Id,
  user_id: Id,
  /** The spec sends the strings 'true' and 'false'. */
  was_correct: z.enum(['true', 'false'], { error: "was_correct must be 'true' or 'false'" }),
  /**
   * New, optional: a random id the browser gives each answer, so an answer sent twice (a
   * retry, an offline queue replayed) counts once.
   */
  answer_id: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'must be 8 to 64 letters, digits or dashes' })
    .optional(),
});
export const UpdateCardResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  card: Flashcard,
});

export const AddCardRequest = z.object({
  user_id: Id,
  front_text: cardText(),
  back_text: cardText(),
  /**
   * New, optional: the student's own speaking answer the card is made from (a teacher adds
   * it while replying); the admin's speaking panel lists the card under it (issue 27, point
   * 18). Another student's answer is refused as one that does not exist.
   */
  speaking_answer_id: Id.optional(),
});
export const AddCardResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  card: Flashcard,
});

export const GetUserCardsResponse = z.object({
  success: z.literal(true),
  cards: z.array(Flashcard),
  message: z.string(),
});

export const StudentUpdateCardRequest = z.object({
  user_id: Id,
  card_id: Id,
  front_text: text(MAX_CARD_TEXT, 'Both texts are needed.'),
  back_text: text(MAX_CARD_TEXT, 'Both texts are needed.'),
});
export const DeleteCardRequest = z.object({ card_id: Id, user_id: Id });

export const GetAllUsersCardsRequest = z.object({ user_id: Id.optional(), page: Page.default(1) });
export const AdminFlashcard = Flashcard.extend({ user_name: z.string() });

export const OWNERS_PAGE_SIZE = 50;
export const CardOwnersRequest = z.object({
  /** Part of the student's name. */
  q: z.string().trim().max(100).optional(),
  page: Page.default(1),
});
export const CardOwnersResponse = z.object({
  success: z.literal(true),
  owners: z.array(
    z.object({
      user_id: Id,
      user_name: z.string(),
      cards_count: z.number(),
      due_count: z.number(),
    }),
  ),
  page: z.number(),
  has_more: z.boolean(),
});

const Count = z.number().int().nonnegative();

/** The Leitner chart (docs/decisions.md "Leitner progress"); days are academy-local. */
export const LeitnerProgressResponse = z.object({
  success: z.literal(true),
  /** Cards at levels 1 to 5, in that order. */
  levels: z.array(z.object({ level: z.number().int(), cards: Count })),
  /** Cards past level 5, never practised again. */
  retired: Count,
  /** Due now: level 5 or below, review day today or earlier (the home screen's count). */
  due_today: Count,
  /** Due by the end of this week (Friday), those due today included. */
  due_this_week: Count,
  /** Answers given since this week's Saturday. */
  answered_this_week: Count,
  /** Consecutive days with an answer, ending today (or yesterday, while today has none). */
  streak_days: Count,
  practised_today: z.boolean(),
  today: z.string(),
  week_start: z.string(),
  week_end: z.string(),
});

export const flashcardSchemas = defineSchemas({
  getCardsToReview: { request: OwnUser, response: GetCardsToReviewResponse },
  getCards: { request: OwnUser, response: z.array(Flashcard) },
  updateCard: { request: UpdateCardRequest, response: UpdateCardResponse },
  addCard: { request: AddCardRequest, response: AddCardResponse },
  getUserCards: { request: OwnUser, response: GetUserCardsResponse },
  studentUpdateCard: { request: StudentUpdateCardRequest, response: SuccessResponse },
  deleteCard: { request: DeleteCardRequest, response: SuccessResponse },
  getAllUsersCards: { request: GetAllUsersCardsRequest, response: z.array(AdminFlashcard) },
  cardOwners: { request: CardOwnersRequest, response: CardOwnersResponse },
  getLeitnerProgress: { request: OwnUser, response: LeitnerProgressResponse },
});
