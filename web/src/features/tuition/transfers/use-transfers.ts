import type { CardTransferState } from '@academy/contract/tuition/limits';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { useOwnQuery } from '../../../api/own-query';
import { queryKeys } from '../../../api/query-keys';
import { useRefreshingCall, useRefreshingMutation } from '../../../api/refreshing-mutation';
import type { readTransfer } from './transfer-draft';

/**
 * Card transfers' calls (issue 52, point 4). Every answer moves with the live 'tuition' topic;
 * a report or a decision made here asks this tab's tuition queries again itself.
 */

/** The signed-in student's own transfers, newest first as the server lists one payer's. */
export const useMyTransfers = () =>
  useOwnQuery(
    (userId) => queryKeys.tuition.transfers({ studentId: userId }),
    (userId) => call('listCardTransfers', { student_id: userId }),
  );

/** The transfers in one state (awaiting approval: the oldest first, as a queue). */
export const useTransfers = (state: CardTransferState) =>
  useQuery({
    queryKey: queryKeys.tuition.transfers({ state }),
    queryFn: () => call('listCardTransfers', { state }),
  });

type Report = Extract<ReturnType<typeof readTransfer>, { request: unknown }>['request'];

/** Sends a transfer and its photo with the upload's progress (0 to 100) to `onProgress`. */
export const useReportTransfer = (onProgress: (percent: number) => void) =>
  useRefreshingMutation(
    (request: Report) => call('reportCardTransfer', request, { onUploadProgress: onProgress }),
    queryKeys.tuition.all,
  );

export const useDecideTransfer = () =>
  useRefreshingCall('decideCardTransfer', queryKeys.tuition.all);
