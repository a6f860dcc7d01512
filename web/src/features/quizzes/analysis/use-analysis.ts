import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/**
 * A quiz's item analysis (issue 51, point 7). Under the quizzes' keys, so an attempt submitted
 * (the live 'quizzes' topic) asks for it again.
 */
export const useQuizAnalysis = (quizId: number) =>
  useQuery({
    queryKey: queryKeys.quizzes.analysis(quizId),
    queryFn: () => call('quizAnalysis', { quiz_id: quizId }),
  });
