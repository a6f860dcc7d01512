import type { Correction } from '@academy/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';
import { readStoredUser } from '../../api/session';
import { type MarkInput, markPayload } from '../../components';
import { downloadFile } from '../../lib/file-links';

export type CorrectionItem = z.output<typeof Correction>;

/** The spec's list answers are either the list or `{message}` when empty: one shape for screens. */
function asList(answer: CorrectionItem[] | { success: false; message: string }) {
  return Array.isArray(answer)
    ? { items: answer, message: null }
    : { items: [] as CorrectionItem[], message: answer.message };
}

export const useSendCorrection = () =>
  useRefreshingMutation(
    (correction: {
      userId: string;
      title: string;
      description: string;
      /** The submission it answers; '' for none. */
      submissionId: string;
      /** Up to five, sent as the spec's file1..file5. */
      files: File[];
      /** A recorded comment (issue 21), sent beside the files. */
      comment: File | null;
      /** The mark (issue 30), as typed; none when its points are empty. */
      mark: MarkInput;
    }) =>
      call('sendCorrection', {
        ...markPayload(correction.mark),
        user_id: correction.userId,
        title: correction.title,
        description: correction.description,
        ...(correction.submissionId ? { submission_id: correction.submissionId } : {}),
        ...Object.fromEntries(correction.files.map((file, i) => [`file${i + 1}`, file])),
        ...(correction.comment ? { comment_audio: correction.comment } : {}),
      }),
    queryKeys.corrections.all,
    // The submission it answers is corrected now.
    queryKeys.inbox.all,
  );

/**
 * One student's latest submissions (the inbox's first page of them), for the correction
 * form's choice of the submission a correction answers. Under the inbox's key, so the live
 * stream's submissions topic refreshes it.
 */
export function useSubmissionsOf(userId: string) {
  return useQuery({
    queryKey: queryKeys.inbox.ofStudent(userId),
    queryFn: () => call('sendToInbox', { user_id: Number(userId), page: 1 }),
    enabled: userId !== '',
  });
}

/** A page of the admin's sent corrections (50, newest first) and whether another follows. */
export function useSentCorrections(page: number) {
  return useQuery({
    queryKey: queryKeys.corrections.sent(page),
    queryFn: async () => {
      const answer = await call('getCorrections', { page });
      // Asked with a page, the server always answers the paged object.
      return 'corrections' in answer
        ? { items: answer.corrections, message: null, has_more: answer.has_more }
        : { ...asList(answer), has_more: false };
    },
    placeholderData: keepPreviousData,
  });
}

export const useDeleteCorrection = () =>
  useRefreshingMutation(
    (id: number) => call('deleteCorrection', { id }),
    queryKeys.corrections.all,
  );

/** The student's results (all of them); kept for offline reading. */
const resultsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.corrections.results(userId),
    queryFn: async () => asList(await call('studentsGetCorrections', { user_id: userId ?? 0 })),
    enabled: userId !== undefined,
    meta: { offline: true },
  });

export function useResults() {
  return useQuery(resultsQuery(readStoredUser()?.id));
}

/** Which file of which result: its link changes whenever the list is read again. */
export interface ResultFile {
  resultId: number;
  fileIndex: number;
}

/**
 * Saves a result's file under its name. Download links expire (two hours after the list was
 * read), so a failed download reads the list again and tries the fresh link once before
 * giving up.
 */
export function useDownloadResult() {
  const queryClient = useQueryClient();
  const query = resultsQuery(readStoredUser()?.id);
  const fileOf = (list: { items: CorrectionItem[] } | undefined, which: ResultFile) =>
    list?.items.find((r) => r.id === which.resultId)?.files[which.fileIndex];
  return useMutation({
    // Offline it should fail at once, not wait for a network that may not come.
    networkMode: 'always',
    mutationFn: async (which: ResultFile) => {
      const file = fileOf(queryClient.getQueryData(query.queryKey), which);
      try {
        if (!file) throw new Error('No such file in the list.');
        await downloadFile(file.file_url, file.file_name);
      } catch {
        const fresh = fileOf(await queryClient.fetchQuery({ ...query, staleTime: 0 }), which);
        if (!fresh) throw new Error('The file is no longer in the list.');
        await downloadFile(fresh.file_url, fresh.file_name);
      }
    },
  });
}

/** The administrator's replies to this student's speaking answers (issue 21), newest first. */
export const useSpeakingReplies = () =>
  useOwnQuery(
    queryKeys.speaking.replies,
    (userId) => call('speakingReplies', { user_id: userId }),
    {
      meta: { offline: true },
    },
  );
