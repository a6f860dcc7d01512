import { ApiError, call } from '../../api/client';

export interface CardAnswer {
  cardId: number;
  userId: number;
  wasCorrect: boolean;
  /** Random per answer: the server applies a replayed answer once. */
  answerId: string;
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
