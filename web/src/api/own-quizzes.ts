import { call } from './client';
import { useOwnQuery } from './own-query';
import { queryKeys } from './query-keys';

/**
 * The student's own quizzes with their attempts and the marks the reviews show, kept for
 * offline reading: the Quizzes screen, and the quiz marks under Assignment Results.
 */
export const useOwnQuizzes = () =>
  useOwnQuery(queryKeys.quizzes.mine, (userId) => call('myQuizzes', { user_id: userId }), {
    meta: { offline: true },
  });
