import type { CallResponse } from '@academy/contract';
import { call } from '../../api/client';
import { useOwnQuery } from '../../api/own-query';
import { queryKeys } from '../../api/query-keys';
import { useRefreshingMutation } from '../../api/refreshing-mutation';

export type NewCalendarAddress = CallResponse<'renewCalendarFeed'>;

/** Whether the signed-in person has a calendar address, and when it was made and last read. */
export const useCalendarFeed = () =>
  useOwnQuery(queryKeys.calendarFeed.own, () => call('getCalendarFeed', {}));

/** Makes the person a new calendar address (the first, or one replacing theirs). */
export const useRenewCalendarFeed = () =>
  useRefreshingMutation(
    (_: undefined) => call('renewCalendarFeed', {}),
    queryKeys.calendarFeed.all,
  );
