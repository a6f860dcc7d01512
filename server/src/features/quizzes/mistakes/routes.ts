import { reviewShows } from '@academy/contract/quizzes/review';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../../http/call.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { attemptItemsWithKeys, isOpen } from '../taking/attempts-data.js';
import { ownAttemptAndQuiz } from '../taking/own-attempt.js';
import { reviewOf } from '../taking/presenters.js';
import { makeMistakeCard } from './cards-data.js';
import { mistakeCardsOf } from './mistake-cards.js';
import { startPractice } from './practice-data.js';

/**
 * Mistakes become cards, and "Practise my mistakes" (issue 51, point 6). Both are the student's
 * own calls (the pipeline checks that `user_id` is the caller, or an administrator). A card is
 * made only from the student's own closed attempt whose review shows the right answers now: its
 * back is the right answer, which the student may not have before the review shows it.
 */
export default async function quizMistakeRoutes(app: FastifyInstance) {
  handle(app, 'makeQuizCard', async (ctx) => {
    const { db, input, now } = ctx;
    const { attempt, quiz } = await ownAttemptAndQuiz(ctx, input.attempt_id);
    if (isOpen(attempt))
      throw conflict('This attempt is still going on: submit it, then make cards from its review.');
    const at = now();
    const options = reviewOf(quiz);
    const shows = reviewShows(options, {
      now: at,
      accessEnd: quiz.access_end,
      attemptClosed: true,
    });
    if (!shows.right_answers)
      throw conflict(
        options.right_answers && options.when === 'after_close'
          ? 'Cards can be made once the quiz closes and its review shows the right answers.'
          : 'This quiz’s review does not show the right answers, so no card can be made from it.',
      );
    const question = `Question ${input.position + 1}`;
    const row = (await attemptItemsWithKeys(db, attempt.id)).find(
      (r) => r.position === input.position,
    );
    if (!row) throw notFound(`${question} is not in this attempt.`);
    const cards = mistakeCardsOf(row);
    if (cards.length === 0)
      throw conflict(
        row.type === 'spoken' || row.type === 'dictation'
          ? `${question} is ${row.type === 'spoken' ? 'a spoken answer' : 'a dictation'}: it cannot become a card.`
          : `${question} was answered right: there is no mistake to make a card of.`,
      );
    const card = cards.find((c) => c.part === input.part);
    if (!card) {
      const parted = row.type === 'gaps' || row.type === 'matching';
      if (!parted) throw badRequest(`${question} makes one card: it has no parts.`);
      const kind = row.type === 'gaps' ? 'gap' : 'pair';
      if (input.part === null)
        throw badRequest(`Please choose which ${kind} of ${question} to make a card of.`);
      if (!knownPart(row.body, input.part)) throw badRequest(`${question} has no such ${kind}.`);
      throw conflict(
        `That ${kind} of ${question} was right: there is no mistake to make a card of.`,
      );
    }
    const made = await makeMistakeCard(db, { userId: attempt.user_id, quizId: quiz.id }, card, {
      today: ctx.today(),
      now: at,
    });
    return {
      success: true,
      message: made.made
        ? 'The card was added to your Leitner box.'
        : 'This card is in your Leitner box already.',
      card_id: made.cardId,
    };
  });

  handle(app, 'practiseQuizMistakes', async ({ db, input, now }) => {
    const outcome = await startPractice(db, input.user_id, now());
    if ('refused' in outcome)
      throw conflict(
        'You have no mistakes to practise yet: they come from quizzes whose review shows the right answers.',
      );
    const n = outcome.items;
    const questions = n === 1 ? '1 question' : `${n} questions`;
    return {
      success: true,
      message: outcome.started
        ? `Your practice has started: ${questions} you got wrong. It is not marked for anyone.`
        : 'Your practice goes on: finish it before starting another.',
      quiz_id: outcome.attempt.quiz_id,
      attempt_id: outcome.attempt.id,
    };
  });
}

/** Whether a gap fill or matching item (its body as stored) has a gap or prompt of this id. */
function knownPart(body: string, part: string): boolean {
  const parsed = JSON.parse(body) as { gaps?: { id: string }[]; prompts?: { id: string }[] };
  return [...(parsed.gaps ?? []), ...(parsed.prompts ?? [])].some((p) => p.id === part);
}
