import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { readStoredUser } from '../../api/session';

export function useSpeakingQuestion() {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: queryKeys.speaking.question(userId),
    queryFn: () => call('getSpeakingQuestion', { user_id: userId ?? 0 }),
    enabled: userId !== undefined,
  });
}

/** Whether this student has answered the question ('answered' or not). */
export function useSpeakingStatus(questionId: number | undefined) {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: queryKeys.speaking.status(userId, questionId),
    queryFn: () =>
      call('getSpeakingQuestionStatus', { user_id: userId ?? 0, question_id: questionId ?? 0 }),
    enabled: userId !== undefined && questionId !== undefined,
  });
}

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
