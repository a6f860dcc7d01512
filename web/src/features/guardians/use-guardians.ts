import type { CallResponse } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingCall } from '../../api/refreshing-mutation';

export type Guardian = CallResponse<'listGuardians'>['guardians'][number];

/** A student's guardians: their page's card (staff). */
export const useGuardians = (userId: number) =>
  useQuery({
    queryKey: queryKeys.studentOverview.guardians(userId),
    queryFn: () => call('listGuardians', { user_id: userId }),
  });

export const useSaveGuardian = (userId: number) =>
  useRefreshingCall('saveGuardian', queryKeys.studentOverview.guardians(userId));
export const useDeleteGuardian = (userId: number) =>
  useRefreshingCall('deleteGuardian', queryKeys.studentOverview.guardians(userId));

/** Which kinds of message also go to guardians (Settings). */
export const useGuardianKinds = () =>
  useQuery({
    queryKey: queryKeys.settings.guardianKinds(),
    queryFn: () => call('getGuardianKinds', {}),
  });
export const useSaveGuardianKinds = () =>
  useRefreshingCall('saveGuardianKinds', queryKeys.settings.guardianKinds());
