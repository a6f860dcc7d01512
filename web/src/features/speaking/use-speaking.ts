import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';

/** Every question open to the student now (issue 29, point 5), answered or not. */
export const useOpenSpeakingQuestions = () =>
  useOwnQuery(queryKeys.speaking.open, (userId) =>
    call('getOpenSpeakingQuestions', { user_id: userId }),
  );

/** Whether this student has answered the question ('answered' or not). */
export const useSpeakingStatus = (questionId: number | undefined) =>
  useOwnQuery(
    (userId) => queryKeys.speaking.status(userId, questionId),
    (userId) =>
      call('getSpeakingQuestionStatus', { user_id: userId, question_id: questionId ?? 0 }),
    { enabled: questionId !== undefined },
  );

export function useSendSpeakingAnswer(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      questionId,
      file,
    }: {
      userId: number;
      questionId: number;
      file: File;
    }) =>
      call(
        'sendSpeakingAnswer',
        { user_id: userId, question_id: questionId, audio_file: file },
        { onUploadProgress: onProgress },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.speaking.statuses }),
  });
}
