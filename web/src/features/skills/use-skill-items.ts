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

/** An item list's answer, whatever its kind, as the screens read it. */
const current = (
  answer: { success: boolean; message: string; past_marks?: CurrentItems['pastMarks'] },
  items: CurrentItems['items'],
): CurrentItems => ({
  success: answer.success,
  items,
  message: answer.message,
  pastMarks: answer.past_marks ?? [],
});

async function fetchCurrent(kind: SkillKind, userId: number): Promise<CurrentItems> {
  const owner = { user_id: userId };
  switch (kind) {
    case 'exam': {
      const answer = await call('getExam', owner);
      return current(answer, answer.exam ? [answer.exam] : []);
    }
    case 'reading': {
      const answer = await call('getReading', owner);
      return current(answer, answer.readings);
    }
    case 'listening': {
      const answer = await call('getListening', owner);
      return current(answer, answer.listenings);
    }
    case 'story': {
      const answer = await call('getStory', owner);
      return current(answer, answer.stories);
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
