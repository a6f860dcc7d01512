import type { CallRequest } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

// The keys stay under 'skill-admin': the admin's content screen holds the speaking tab, and
// the live updates refresh both with that one prefix (app/live-updates.ts).

export const useSpeakingQuestions = () =>
  useQuery({
    queryKey: queryKeys.skillAdmin.speaking(),
    queryFn: () => call('listSpeakingQuestions', {}),
  });

export const useSpeakingAnswers = (questionId: number) =>
  useQuery({
    queryKey: queryKeys.skillAdmin.answersTo(questionId),
    queryFn: () => call('speakingAnswers', { question_id: questionId }),
  });

export function useSaveSpeakingQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'saveSpeakingQuestion'>) =>
      call('saveSpeakingQuestion', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.skillAdmin.speaking() }),
  });
}

export function useDeleteSpeakingQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteSpeakingQuestion', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.skillAdmin.speaking() }),
  });
}

/** The administrator's reply to a speaking answer: text, a recording, or both (issue 21). */
export function useReplySpeakingAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: {
      answerId: number;
      text: string;
      audio: File | null;
      removeAudio: boolean;
    }) =>
      call('replySpeakingAnswer', {
        answer_id: reply.answerId,
        reply_text: reply.text,
        ...(reply.audio ? { reply_audio: reply.audio } : {}),
        ...(reply.removeAudio ? { remove_audio: '1' as const } : {}),
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.skillAdmin.speakingAnswers }),
  });
}
