import type { FastifyInstance } from 'fastify';
import { dayInZone } from '../../db/time.js';
import { type AppDeps, handle, handleHot } from '../../http/call.js';
import { notFound } from '../../http/errors.js';
import {
  addCard,
  countDue,
  findOwn,
  listAllCards,
  listDue,
  listOwn,
  listOwners,
  recordAnswer,
  toCard,
} from './flashcards-data.js';

/** Today in the academy's time zone: what "due" and "done today" mean. */
const todayOf = (deps: AppDeps) => dayInZone(deps.now(), deps.settings.current.timeZone);

export default async function flashcardRoutes(app: FastifyInstance) {
  handleHot(app, 'getCardsToReview', async ({ db, input }) => ({
    success: true,
    cards_to_review: await countDue(db, input.user_id, todayOf(app.deps)),
  }));

  handle(app, 'getCards', async ({ db, input }) => {
    const today = todayOf(app.deps);
    return (await listDue(db, input.user_id, today)).map((row) => toCard(row, today));
  });

  handle(app, 'updateCard', async ({ db, now, input }) => {
    const today = todayOf(app.deps);
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

  handle(app, 'addCard', async ({ db, now, input }) => {
    const today = todayOf(app.deps);
    const card = await addCard(
      db,
      input.user_id,
      { front: input.front_text, back: input.back_text },
      today,
      now(),
    );
    return { success: true, message: 'Card added successfully!', card: toCard(card, today) };
  });

  handle(app, 'getUserCards', async ({ db, input }) => {
    const today = todayOf(app.deps);
    const cards = (await listOwn(db, input.user_id)).map((row) => toCard(row, today));
    return { success: true, cards, message: cards.length ? 'Cards found.' : 'No cards available' };
  });

  handle(app, 'studentUpdateCard', async ({ db, now, input }) => {
    if (!(await findOwn(db, input.card_id, input.user_id))) throw notFound('Card not found.');
    await db
      .updateTable('flashcards')
      .set({ front_text: input.front_text, back_text: input.back_text, updated_at: now() })
      .where('id', '=', input.card_id)
      .where('user_id', '=', input.user_id)
      .execute();
    return { success: true, message: 'Card updated successfully' };
  });

  handle(app, 'deleteCard', async ({ db, input }) => {
    const result = await db
      .deleteFrom('flashcards')
      .where('id', '=', input.card_id)
      .where('user_id', '=', input.user_id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('Card not found.');
    return { success: true, message: 'Card deleted successfully' };
  });

  handle(app, 'getAllUsersCards', async ({ db, input }) => {
    const today = todayOf(app.deps);
    const rows = await listAllCards(db, {
      page: input.page,
      ...(input.user_id ? { userId: input.user_id } : {}),
    });
    return rows.map((row) => toCard(row, today));
  });

  handle(app, 'cardOwners', async ({ db, input }) => {
    const { owners, hasMore } = await listOwners(db, {
      today: todayOf(app.deps),
      page: input.page,
      ...(input.q ? { q: input.q } : {}),
    });
    return { success: true, owners, page: input.page, has_more: hasMore };
  });
}
