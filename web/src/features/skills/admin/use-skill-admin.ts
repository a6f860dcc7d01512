import type { CallRequest, SkillKind } from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export const useAdminSkillItems = (kind: SkillKind) =>
  useQuery({
    queryKey: queryKeys.skillAdmin.items(kind),
    queryFn: () => call('listSkillItems', { kind }),
  });

export const useItemAttempts = (itemId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.skillAdmin.attempts(itemId),
    queryFn: () => call('skillItemAttempts', { item_id: itemId }),
    enabled,
  });

export function useSaveSkillItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CallRequest<'saveSkillItem'>) => call('saveSkillItem', payload),
    onSuccess: (_answer, payload) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.skillAdmin.items(payload.kind) }),
  });
}

export function useDeleteSkillItem(kind: SkillKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteSkillItem', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.skillAdmin.items(kind) }),
  });
}

export const useSpeakingQuestions = () =>
  useQuery({
    queryKey: queryKeys.skillAdmin.speaking(),
    queryFn: () => call('listSpeakingQuestions', {}),
  });

export const useSpeakingAnswers = (questionId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.skillAdmin.answersTo(questionId),
    queryFn: () => call('speakingAnswers', { question_id: questionId }),
    enabled,
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
