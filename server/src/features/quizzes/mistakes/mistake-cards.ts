import { MAX_CARD_TEXT } from '@academy/contract';
import type { ItemBody, ItemKey, ItemResponse } from '@academy/contract/quizzes/items';
import { cardFront, markResponse, rightAnswerText } from '@academy/contract/quizzes/marking';

/**
 * The Leitner cards an answer's mistakes may become (issue 51, point 6). Pure: the review lists
 * them, makeQuizCard makes one, and a quiz set to 'make' makes them all, from the same texts.
 *
 * - An item not fully right (partly right, wrong or left unanswered) is one card: its prompt on
 *   the front (cardFront), the right answer on the back (rightAnswerText).
 * - A gap fill is one card per gap not fully right, and a matching item one per prompt not
 *   matched to its answer (`part`: the gap's or the prompt's id): the gap's sentence, or the
 *   prompt's words, on the front.
 * - None for a spoken answer (a teacher marks it, and its model answer is no "right answer")
 *   nor a dictation (its question is the recording, which a card cannot hold).
 */
export interface MistakeCard {
  part: string | null;
  front: string;
  back: string;
}

/** A card's side as the card editor holds it: a longer text cut, with an ellipsis. */
const toCardLength = (text: string) =>
  text.length <= MAX_CARD_TEXT ? text : `${text.slice(0, MAX_CARD_TEXT - 1).trimEnd()}…`;

const NO_CARDS = new Set<ItemBody['type']>(['spoken', 'dictation']);

export function mistakeCards(
  item: { prompt: string; body: ItemBody; key: ItemKey; points: number },
  response: ItemResponse | null,
): MistakeCard[] {
  const { prompt, body, key } = item;
  if (NO_CARDS.has(body.type)) return [];
  const marked = markResponse(item, response);
  if (marked.outcome === 'right' || marked.outcome === 'awaiting') return [];
  const card = (part?: string): MistakeCard => ({
    part: part ?? null,
    front: toCardLength(cardFront({ prompt, body }, part)),
    back: toCardLength(rightAnswerText({ body, key }, part)),
  });
  // A part is wrong unless marked right: an unanswered item has no parts at all.
  const wrong = (id: string) => marked.parts?.[id] !== true;
  const cards =
    body.type === 'gaps'
      ? body.gaps.filter((g) => wrong(g.id)).map((g) => card(g.id))
      : body.type === 'matching'
        ? body.prompts.filter((p) => wrong(p.id)).map((p) => card(p.id))
        : [card()];
  return cards.filter((c) => c.front.trim() !== '' && c.back.trim() !== '');
}

/** The item's cards from a stored row (JSON columns, as attempts-data.ts reads them). */
export function mistakeCardsOf(row: {
  prompt: string;
  body: string;
  key: string;
  points: number;
  response: string | null;
}): MistakeCard[] {
  return mistakeCards(
    {
      prompt: row.prompt,
      body: JSON.parse(row.body) as ItemBody,
      key: JSON.parse(row.key) as ItemKey,
      points: row.points,
    },
    row.response === null ? null : (JSON.parse(row.response) as ItemResponse),
  );
}

/** How a card is recognised among the student's cards: its two texts. */
export const cardIdentity = (card: { front: string; back: string }) =>
  JSON.stringify([card.front, card.back]);
