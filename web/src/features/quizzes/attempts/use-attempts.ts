import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall } from '../../../api/refreshing-mutation';

/** Each student's attempts at a quiz and the mark that counts (a teacher: their students). */
export const useQuizAttempts = (quizId: number) =>
  useQuery({
    queryKey: queryKeys.quizzes.attempts(quizId),
    queryFn: () => call('quizAttempts', { quiz_id: quizId }),
  });

/** One attempt in full, with the key; the call names its student, whose reach is checked. */
export const useStaffAttempt = (attemptId: number, userId: number) =>
  useQuery({
    queryKey: queryKeys.quizzes.staffAttempt(attemptId),
    queryFn: () => call('staffQuizAttempt', { attempt_id: attemptId, user_id: userId }),
  });

/** A mark on a spoken answer; the attempt, its quiz's attempts and the list are asked again. */
export const useMarkQuizAnswer = () => useRefreshingCall('markQuizAnswer', queryKeys.quizzes.all);
