import type { FastifyInstance } from 'fastify';
import { withinOf } from '../../auth/reach.js';
import { handle } from '../../http/call.js';
import { notFound } from '../../http/errors.js';
import {
  addCard,
  countDue,
  deleteOwnCard,
  leitnerProgress,
  listAllCards,
  listDue,
  listOwn,
  listOwners,
  recordAnswer,
  toCard,
  updateOwnCard,
} from './flashcards-data.js';

export default async function flashcardRoutes(app: FastifyInstance) {
  handle(app, 'getCardsToReview', async ({ db, today, input }) => ({
    success: true,
    cards_to_review: await countDue(db, input.user_id, today()),
  }));

  handle(app, 'getCards', async ({ db, today: academyToday, input }) => {
    const today = academyToday();
    return (await listDue(db, input.user_id, today)).map((row) => toCard(row, today));
  });

  handle(app, 'updateCard', async ({ db, now, today: academyToday, input }) => {
    const today = academyToday();
    const outcome = await recordAnswer(
      db,
      {
        cardId: input.id,
        userId: input.user_id,
        wasCorrect: input.was_correct === 'true',
        ...(input.answer_id ? { answerId: input.answer_id } : {}),
      },
      today,
      now(),
    );
    if (outcome === 'missing') throw notFound('Card not found.');
    return {
      success: true,
      message: 'Card updated successfully',
      card: toCard(outcome.card, today),
    };
  });

  /**
   * A student's own card, or (new) one a teacher adds to a student's box: marked so, and
   * naming the speaking answer it is made from when the teacher gives one (point 18).
   */
  handle(app, 'addCard', async ({ db, now, today: academyToday, tell, input, caller }) => {
    const today = academyToday();
    const card = await addCard(
      db,
      input.user_id,
      { front: input.front_text, back: input.back_text },
      today,
      now(),
      tell,
      {
        fromTeacher: (caller.isAdmin || caller.isTeacher) && caller.id !== input.user_id,
        ...(input.speaking_answer_id !== undefined
          ? { speakingAnswerId: input.speaking_answer_id }
          : {}),
      },
    );
    if (card === 'no-such-answer') throw notFound('This student has no such speaking answer.');
    return { success: true, message: 'Card added successfully!', card: toCard(card, today) };
  });

  handle(app, 'getUserCards', async ({ db, today: academyToday, input }) => {
    const today = academyToday();
    const cards = (await listOwn(db, input.user_id)).map((row) => toCard(row, today));
    return { success: true, cards, message: cards.length ? 'Cards found.' : 'No cards available' };
  });

  handle(app, 'studentUpdateCard', async ({ db, now, input }) => {
    const texts = { front: input.front_text, back: input.back_text };
    if (!(await updateOwnCard(db, input.card_id, input.user_id, texts, now())))
      throw notFound('Card not found.');
    return { success: true, message: 'Card updated successfully' };
  });

  handle(app, 'deleteCard', async ({ db, input }) => {
    if (!(await deleteOwnCard(db, input.card_id, input.user_id))) throw notFound('Card not found.');
    return { success: true, message: 'Card deleted successfully' };
  });

  handle(app, 'getAllUsersCards', async ({ db, today: academyToday, input, caller }) => {
    const today = academyToday();
    const rows = await listAllCards(db, {
      page: input.page,
      ...(input.user_id ? { userId: input.user_id } : {}),
      within: withinOf(caller),
    });
    return rows.map((row) => toCard(row, today));
  });

  handle(app, 'getLeitnerProgress', async ({ db, now, settings, input }) => ({
    success: true as const,
    ...(await leitnerProgress(db, input.user_id, {
      now: now(),
      timeZone: settings.current.timeZone,
    })),
  }));

  handle(app, 'cardOwners', async ({ db, today, input, caller }) => {
    const { owners, hasMore } = await listOwners(db, {
      today: today(),
      page: input.page,
      ...(input.q ? { q: input.q } : {}),
      within: withinOf(caller),
    });
    return { success: true, owners, page: input.page, has_more: hasMore };
  });
}
