import type { CallResponse } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';

export type NewCalendarAddress = CallResponse<'renewCalendarFeed'>;

/** Whether the signed-in person has a calendar address, and when it was made and last read. */
export const useCalendarFeed = () =>
  useOwnQuery(queryKeys.calendarFeed.own, () => call('getCalendarFeed', {}));

/** Makes the person a new calendar address (the first, or one replacing theirs). */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('renewCalendarFeed', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed.all }),
  });
}
