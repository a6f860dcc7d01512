import type { CallResponse, SkillKind } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { readStoredUser } from '../../api/session';

/**
 * The student's current items of a kind, the first of which the screen shows, and their marks
 * on the ones that have ended (issue 30).
 */
export interface CurrentItems {
  success: boolean;
  items: CallResponse<'getReading'>['readings'];
  message: string;
  pastMarks: NonNullable<CallResponse<'getReading'>['past_marks']>;
}

async function fetchCurrent(kind: SkillKind, userId: number): Promise<CurrentItems> {
  switch (kind) {
    case 'exam': {
      const answer = await call('getExam', { user_id: userId });
      return {
        success: answer.success,
        items: answer.exam ? [answer.exam] : [],
        message: answer.message,
        pastMarks: answer.past_marks ?? [],
      };
    }
    case 'reading': {
      const answer = await call('getReading', { user_id: userId });
      return {
        success: answer.success,
        items: answer.readings,
        message: answer.message,
        pastMarks: answer.past_marks ?? [],
      };
    }
    case 'listening': {
      const answer = await call('getListening', { user_id: userId });
      return {
        success: answer.success,
        items: answer.listenings,
        message: answer.message,
        pastMarks: answer.past_marks ?? [],
      };
    }
    case 'story': {
      const answer = await call('getStory', { user_id: userId });
      return {
        success: answer.success,
        items: answer.stories,
        message: answer.message,
        pastMarks: answer.past_marks ?? [],
      };
    }
  }
}

export const useCurrentItems = (kind: SkillKind) =>
  useOwnQuery(
    (userId) => queryKeys.skills.items(kind, userId),
    (userId) => fetchCurrent(kind, userId),
  );

function start(kind: SkillKind, userId: number, itemId: number) {
  switch (kind) {
    case 'exam':
      return call('updateAttempted', { user_id: userId, exam_id: itemId });
    case 'reading':
      return call('updateReadingAttempted', { user_id: userId, item_id: itemId });
    case 'listening':
      return call('updateListeningAttempted', { user_id: userId, item_id: itemId });
    case 'story':
      return call('updateStoryAttempted', { user_id: userId, item_id: itemId });
  }
}

/** Starts an item; afterwards the list is read again, so the button turns into the message. */
export function useStartItem(kind: SkillKind) {
  const queryClient = useQueryClient();
  const userId = readStoredUser()?.id ?? 0;
  return useMutation({
    mutationFn: (itemId: number) => start(kind, userId, itemId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.skills.ofKind(kind) }),
  });
}
