import type { Correction } from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../api/client';
import { readStoredUser } from '../../api/session';

export type CorrectionItem = z.output<typeof Correction>;

/** The spec's list answers are either the list or `{message}` when empty: one shape for screens. */
function asList(answer: CorrectionItem[] | { success: false; message: string }) {
  return Array.isArray(answer)
    ? { items: answer, message: null }
    : { items: [] as CorrectionItem[], message: answer.message };
}

export function useSendCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: {
      userId: string;
      title: string;
      description: string;
      files: (File | null)[];
    }) =>
      call('sendCorrection', {
        user_id: correction.userId,
        title: correction.title,
        description: correction.description,
        ...Object.fromEntries(
          correction.files.flatMap((file, i) => (file ? [[`file${i + 1}`, file]] : [])),
        ),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['corrections'] }),
  });
}

/** A page of the admin's sent corrections (50, newest first) and whether another follows. */
export function useSentCorrections(page: number) {
  return useQuery({
    queryKey: ['corrections', 'sent', page],
    queryFn: async () => {
      const answer = await call('getCorrections', { page });
      // Asked with a page, the server always answers the paged object.
      return 'corrections' in answer
        ? { items: answer.corrections, message: null, hasMore: answer.has_more }
        : { ...asList(answer), hasMore: false };
    },
    placeholderData: keepPreviousData,
  });
}

export function useDeleteCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('deleteCorrection', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['corrections'] }),
  });
}

/** The student's results (all of them); kept for offline reading. */
export function useResults() {
  const userId = readStoredUser()?.id;
  return useQuery({
    queryKey: ['corrections', 'results', userId],
    queryFn: async () => asList(await call('studentsGetCorrections', { user_id: userId ?? 0 })),
    enabled: userId !== undefined,
    meta: { offline: true },
  });
}
