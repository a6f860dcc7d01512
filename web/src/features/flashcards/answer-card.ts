import { ApiError } from '../../api/api-error';
import { call } from '../../api/client';

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

/** The mutation key of flashcard answers: registered once so answers queued offline survive a reload. */
export const ANSWER_MUTATION_KEY = ['flashcards', 'answer'] as const;

/** Answers go out one at a time, in the order given (offline ones too, when the network is back). */
export const ANSWER_SCOPE = { id: 'flashcard-answers' };

export function sendCardAnswer(answer: CardAnswer) {
  return call('updateCard', {
    id: answer.cardId,
    user_id: answer.userId,
    was_correct: answer.wasCorrect ? 'true' : 'false',
    answer_id: answer.answerId,
  });
}

/**
 * A lost connection is worth retrying, patiently (the server applies an answer once, so a
 * retry cannot count twice); a refusal is not.
 */
export const retryLostAnswers = (failures: number, error: unknown) =>
  error instanceof ApiError && error.isNetworkError && failures < 60;

/** Retries back off to once every 30 seconds. */
export const answerRetryDelay = (failures: number) => Math.min(30_000, 1_000 * 2 ** failures);

/**
 * How an answer is sent: the same for the screen that gives it and for the query client that
 * resumes the answers kept offline after a reload (app/query-client.ts).
 */
export const answerSending = {
  mutationKey: ANSWER_MUTATION_KEY,
  scope: ANSWER_SCOPE,
  mutationFn: sendCardAnswer,
  retry: retryLostAnswers,
  retryDelay: answerRetryDelay,
};
