import { reviewShows } from '@academy/contract/quizzes/review';
import { dialectOf } from '../../../db/dialect.js';
import type { Db } from '../../../db/index.js';
import { newCard } from '../../../domain/leitner.js';
import { attemptItemsWithKeys } from '../taking/attempts-data.js';
import { reviewOf } from '../taking/presenters.js';
import type { QuizRow } from '../taking/quizzes-data.js';
import { cardIdentity, type MistakeCard, mistakeCardsOf } from './mistake-cards.js';

/**
 * Leitner cards made from mistakes (issue 51, point 6). A card made from a quiz names it
 * (flashcards.quiz_id) and is the student's like any other: in the first box, due today, theirs
 * to edit or delete. The student "has" a mistake's card when a card of theirs holds the same two
 * texts, whichever quiz (or the student's own hand) made it: so a mistake made again in a later
 * attempt, in another quiz or in a practice, or the same card asked for twice, answers the card
 * already there, and a card the student rewrote or deleted may be made again. Makes of one
 * student at one quiz take turns (lockStudentAttempts), so two at once cannot both add it.
 */

/** The student's cards, by their texts (cardIdentity). */
export async function cardsByText(db: Db, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('flashcards')
    .select(['id', 'front_text', 'back_text'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const byText = new Map<string, number>();
  for (const row of rows) {
    const identity = cardIdentity({ front: row.front_text, back: row.back_text });
    if (!byText.has(identity)) byText.set(identity, row.id);
  }
  return byText;
}

/**
 * Makes of one student's cards at one quiz take turns: on PostgreSQL by locking their attempts
 * at it (in id order, so two makes cannot deadlock); SQLite's transactions take the write lock
 * as they begin (db/sqlite-dialect.ts). NO KEY UPDATE: starting an attempt (a row naming the
 * quiz) and saving answers (rows of quiz_answers) are not held up by it.
 */
async function lockStudentAttempts(trx: Db, quizId: number, userId: number) {
  if (dialectOf(trx) !== 'postgres') return;
  await trx
    .selectFrom('quiz_attempts')
    .select('id')
    .where('quiz_id', '=', quizId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** The cards among these the student lacks, added; each card's id, made now or already there. */
async function addMissing(
  trx: Db,
  who: { userId: number; quizId: number },
  cards: readonly MistakeCard[],
  clock: { today: string; now: number },
): Promise<{ ids: number[]; made: number }> {
  const have = await cardsByText(trx, who.userId);
  const ids: number[] = [];
  let made = 0;
  for (const card of cards) {
    const identity = cardIdentity(card);
    const existing = have.get(identity);
    if (existing !== undefined) {
      ids.push(existing);
      continue;
    }
    const row = await trx
      .insertInto('flashcards')
      .values({
        user_id: who.userId,
        front_text: card.front,
        back_text: card.back,
        // A new card by the Leitner box's rule (domain/leitner.ts): the first box, due today.
        ...newCard(clock.today),
        from_teacher: 0,
        speaking_answer_id: null,
        quiz_id: who.quizId,
        created_at: clock.now,
        updated_at: clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    have.set(identity, row.id);
    ids.push(row.id);
    made++;
  }
  return { ids, made };
}

/** One mistake's card for the student, made unless they have it; its id and whether it is new. */
export async function makeMistakeCard(
  db: Db,
  who: { userId: number; quizId: number },
  card: MistakeCard,
  clock: { today: string; now: number },
): Promise<{ cardId: number; made: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockStudentAttempts(trx, who.quizId, who.userId);
    const { ids, made } = await addMissing(trx, who, [card], clock);
    const [cardId] = ids;
    if (cardId === undefined) throw new Error('a card just made is missing');
    return { cardId, made: made > 0 };
  });
}

/**
 * Makes every card of an attempt's mistakes (a quiz set to 'make'), once: the guarded update of
 * cards_made_at decides which of two callers makes them, and a later call makes nothing, even
 * for a card the student has deleted since. How many cards were added (0: already made).
 */
export async function makeAttemptCards(
  db: Db,
  attempt: { id: number; user_id: number; quiz_id: number },
  clock: { today: string; now: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockStudentAttempts(trx, attempt.quiz_id, attempt.user_id);
    const claimed = await trx
      .updateTable('quiz_attempts')
      .set({ cards_made_at: clock.now })
      .where('id', '=', attempt.id)
      .where('submitted_at', 'is not', null)
      .where('cards_made_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return 0;
    const rows = await attemptItemsWithKeys(trx, attempt.id);
    const cards = rows.flatMap((row) => mistakeCardsOf(row));
    const { made } = await addMissing(
      trx,
      { userId: attempt.user_id, quizId: attempt.quiz_id },
      cards,
      clock,
    );
    return made;
  });
}

/** Whether a quiz makes its cards, and its review shows the right answers at `now`. */
export function makesCardsNow(
  quiz: Pick<QuizRow, 'cards' | 'review' | 'access_end'>,
  now: number,
): boolean {
  if (quiz.cards !== 'make') return false;
  const shows = reviewShows(reviewOf(quiz), {
    now,
    accessEnd: quiz.access_end,
    attemptClosed: true,
  });
  return shows.right_answers;
}

/** Attempts read a batch at a time by the closer. */
const BATCH = 200;

/**
 * The closed attempts whose cards are due and not yet made: of quizzes set to 'make' whose
 * review shows the right answers now (the window has closed, for a review 'after close'; or the
 * teacher turned the right answers on since). A batch, oldest first.
 */
export async function attemptsDueCards(db: Db, now: number) {
  const quizzes = await db
    .selectFrom('quizzes')
    .select(['id', 'cards', 'review', 'access_end'])
    .where('cards', '=', 'make')
    .where('practice_for', 'is', null)
    .execute();
  const due = quizzes.filter((q) => makesCardsNow(q, now)).map((q) => q.id);
  if (due.length === 0) return [];
  return db
    .selectFrom('quiz_attempts')
    .select(['id', 'user_id', 'quiz_id'])
    .where('quiz_id', 'in', due)
    .where('submitted_at', 'is not', null)
    .where('cards_made_at', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
}

/**
 * Makes the cards of every attempt due them (the quiz closer's second task); the students who
 * got a card. `more` says whether to go on (a full batch, and the lease still held).
 */
export async function makeDueCards(
  db: Db,
  clock: { now: number; today: string },
  more: () => Promise<boolean>,
): Promise<number[]> {
  const students = new Set<number>();
  for (;;) {
    const batch = await attemptsDueCards(db, clock.now);
    for (const attempt of batch)
      if ((await makeAttemptCards(db, attempt, clock)) > 0) students.add(attempt.user_id);
    if (batch.length < BATCH || !(await more())) break;
  }
  return [...students];
}
