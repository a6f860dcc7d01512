import type { CallResponse } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { useOwnQuery } from '../../../api/own-query';
import { useOwnQuizzes } from '../../../api/own-quizzes';
import { queryKeys } from '../../../api/query-keys';
import { readStoredUser } from '../../../api/session';
import { hrefs } from '../../../shared/paths';

export type MyQuizzes = CallResponse<'myQuizzes'>;
export type StudentQuiz = MyQuizzes['quizzes'][number];
export type QuizReview = CallResponse<'quizReview'>['review'];
export type ReviewItem = QuizReview['items'][number];

const userId = () => readStoredUser()?.id ?? 0;

/** The student's quizzes, kept on the phone (the route is 'kept'): bodies and marks, no keys. */
export const useMyQuizzes = useOwnQuizzes;

/**
 * Starts an attempt (or finds the one going on) and opens it. The list refreshes behind it;
 * the attempt screen does not wait for that.
 */
export function useStartAttempt() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (quizId: number) =>
      call('startQuizAttempt', { user_id: userId(), quiz_id: quizId }),
    onSuccess: (started) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mine(userId()) });
      navigate(hrefs.quizTaking(started.attempt_id));
    },
  });
}

/** "Practise my mistakes" (point 6): a practice quiz of the student's wrong items, opened at once. */
export function usePractiseMistakes() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call('practiseQuizMistakes', { user_id: userId() }),
    onSuccess: (started) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mine(userId()) });
      navigate(hrefs.quizTaking(started.attempt_id));
    },
  });
}

/**
 * A closed attempt's review, as its quiz's review options allow now. Kept on the phone: it
 * holds right answers only once the review shows them.
 */
export const useQuizReview = (attemptId: number) =>
  useOwnQuery(
    () => queryKeys.quizzes.review(attemptId),
    (id) => call('quizReview', { user_id: id, attempt_id: attemptId }),
    { meta: { offline: true } },
  );

/**
 * A Leitner card from a mistake in the review; the review is read again so the card shows as
 * made, and the card screens see it too.
 */
export function useMakeQuizCard(attemptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: { position: number; part: string | null }) =>
      call('makeQuizCard', { user_id: userId(), attempt_id: attemptId, ...card }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.review(attemptId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.flashcards.all }),
      ]),
  });
}
