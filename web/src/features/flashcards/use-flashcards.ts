import type { Flashcard } from '@academy/contract';
import { ALL_CARDS_PAGE_SIZE, LEITNER_MAX_PRACTISED_LEVEL } from '@academy/contract/constants';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { call } from '../../api/client';
import { keptChangeOptions } from '../../api/kept-changes';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';
import { readStoredUser } from '../../api/session';
import { cardAnswers } from './answer-card';

export type Card = z.output<typeof Flashcard>;

const userId = () => readStoredUser()?.id;

/** The cards to practise now; kept offline so practice works without a network. */
export const useDueCards = () =>
  useOwnQuery(queryKeys.flashcards.due, (id) => call('getCards', { user_id: id }), {
    meta: { offline: true },
    // A session works through a snapshot; the list must not move under the student.
    refetchOnWindowFocus: false,
  });

/**
 * The cards of one practice session, fixed when it starts (level 5 or below only). The cached
 * due list can be a day old (it is kept for offline use), and cards may have been added,
 * edited or deleted since: so with a network the session starts only from cards fetched after
 * the screen opened. Offline, or when that fetch fails, it starts from the cached list.
 */
export function usePracticeSession() {
  const due = useDueCards();
  const [openedAt] = useState(() => Date.now());
  const [session, setSession] = useState<Card[] | null>(null);
  const isSettled = due.fetchStatus === 'idle';
  const isFresh = isSettled && due.dataUpdatedAt >= openedAt;
  const isCacheOnly = due.fetchStatus === 'paused' || (isSettled && due.isError);
  const startFrom = due.data && (isFresh || isCacheOnly) ? due.data : null;

  useEffect(() => {
    if (startFrom)
      setSession(
        (current) =>
          current ?? startFrom.filter((card) => card.level <= LEITNER_MAX_PRACTISED_LEVEL),
      );
  }, [startFrom]);

  return { session, hasFailed: due.isError && !due.data, due };
}

/**
 * An answer to a card. Offline it waits (and is kept across a reload) until the network
 * returns; the practised card leaves the cached due list at once either way.
 */
export function useAnswerCard() {
  const queryClient = useQueryClient();
  const id = userId();
  return useMutation({
    ...keptChangeOptions(cardAnswers),
    onMutate: (answer) => {
      queryClient.setQueryData<Card[]>(queryKeys.flashcards.due(id), (cards) =>
        cards?.filter((c) => c.id !== answer.cardId),
      );
      queryClient.setQueryData<{ success: true; cards_to_review: number }>(
        queryKeys.flashcards.toReview(id),
        (count) =>
          count ? { ...count, cards_to_review: Math.max(0, count.cards_to_review - 1) } : count,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.flashcards.libraries }),
  });
}

/** All the student's cards (the Card Library); `enabled` false waits until they are needed. */
export const useLibrary = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useOwnQuery(queryKeys.flashcards.library, (id) => call('getUserCards', { user_id: id }), {
    enabled,
    meta: { offline: true },
  });

export const useAddCard = () =>
  useRefreshingMutation(
    (texts: { front: string; back: string }) =>
      call('addCard', { user_id: userId() ?? 0, front_text: texts.front, back_text: texts.back }),
    queryKeys.flashcards.all,
  );

/**
 * The card calls act for the signed-in student, or for `ownerId` when an administrator edits
 * a student's card (the speaking panel's cards from an answer).
 */
export function useEditCard(ownerId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: { id: number; front: string; back: string }) =>
      call('studentUpdateCard', {
        user_id: ownerId ?? userId() ?? 0,
        card_id: card.id,
        front_text: card.front,
        back_text: card.back,
      }),
    onSuccess: () => invalidateCards(queryClient),
  });
}

export function useDeleteCard(ownerId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) =>
      call('deleteCard', { card_id: cardId, user_id: ownerId ?? userId() ?? 0 }),
    onSuccess: () => invalidateCards(queryClient),
  });
}

/** Cards changed: the card screens, and the speaking panel that lists cards under answers. */
function invalidateCards(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.skillAdmin.speakingAnswers });
  return queryClient.invalidateQueries({ queryKey: queryKeys.flashcards.all });
}

export const useCardOwners = (filters: { q: string; page: number }) =>
  useQuery({
    queryKey: queryKeys.flashcards.owners(filters),
    queryFn: () =>
      call('cardOwners', {
        page: filters.page,
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
      }),
    placeholderData: keepPreviousData,
  });

/** One student's cards for the admin, 1,000 at a time; a full page may have more after it. */
export const useStudentCards = (studentId: number) =>
  useInfiniteQuery({
    queryKey: queryKeys.flashcards.ofStudent(studentId),
    queryFn: ({ pageParam }) => call('getAllUsersCards', { user_id: studentId, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      last.length === ALL_CARDS_PAGE_SIZE ? pages.length + 1 : undefined,
  });

/**
 * A teacher adds cards to one student's box (while correcting their work): one add_card call
 * each, in order; the student's screens hear of it through the live stream.
 */
export function useAddTeacherCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (batch: {
      studentId: number;
      cards: { front: string; back: string }[];
      /** The student's speaking answer they are made from, listed under it (point 18). */
      speakingAnswerId?: number;
    }) => {
      for (const card of batch.cards)
        await call('addCard', {
          user_id: batch.studentId,
          front_text: card.front,
          back_text: card.back,
          ...(batch.speakingAnswerId ? { speaking_answer_id: batch.speakingAnswerId } : {}),
        });
      return batch.cards.length;
    },
    onSettled: () => invalidateCards(queryClient),
  });
}
