import type { CallResponse } from '@academy/contract';
import { call } from '../../api/client';
import type { KeptChange } from '../../api/kept-changes';

export interface CardAnswer {
  cardId: number;
  userId: number;
  wasCorrect: boolean;
  /** Random per answer: the server applies a replayed answer once. */
  answerId: string;
}

/**
 * A random id for an answer. `crypto.randomUUID` exists only in secure contexts (HTTPS or
 * localhost), and an academy may serve the app over plain HTTP on its own network, so
 * without it the id is 128 random bits from `crypto.getRandomValues`, in hex.
 */
export function newAnswerId(
  source: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function sendCardAnswer(answer: CardAnswer) {
  return call('updateCard', {
    id: answer.cardId,
    user_id: answer.userId,
    was_correct: answer.wasCorrect ? 'true' : 'false',
    answer_id: answer.answerId,
  });
}

/**
 * Flashcard answers wait for the network (api/kept-changes.ts), one at a time in the order
 * given: the server applies a replayed answer once, by its id.
 */
export const cardAnswers: KeptChange<CardAnswer, CallResponse<'updateCard'>> = {
  key: ['flashcards', 'answer'],
  scope: { id: 'flashcard-answers' },
  send: sendCardAnswer,
};
