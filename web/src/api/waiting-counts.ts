import type { FeedbackScreen } from '@academy/contract';
import { POLL_MS } from '@academy/contract/constants';
import { useEffect } from 'react';
import { call } from './client';
import { usePollInterval } from './live';
import { useOwnQuery } from './own-query';
import { queryKeys } from './query-keys';
import { useRefreshingMutation } from './refreshing-mutation';

/**
 * What waits for the signed-in person, counted on the server: notifications not yet read,
 * feedback not yet opened, assignments not yet read and cards due. The home screens' badges
 * read them (and the notification popup the unread notifications); the screens that show the
 * feedback (Assignment Results, Results, Speaking) clear theirs.
 */

/** The unread ones for the home screen's popup, polled every 10 s while the live stream is down. */
export function useUnreadNotifications() {
  const refetchInterval = usePollInterval(POLL_MS);
  return useOwnQuery(
    queryKeys.notifications.unread,
    (userId) => call('getNotifications', { user_id: userId, only_unread: '1' }),
    { refetchInterval },
  );
}

/**
 * The home's counts on Assignment Results and Skill Builder: feedback that arrived since the
 * student last opened them, kept on the server so every device agrees. A notification
 * refreshes it (live stream, or the 10 s poll while the stream is down).
 */
export function useFeedbackNews() {
  const refetchInterval = usePollInterval(POLL_MS);
  return useOwnQuery(
    queryKeys.notifications.feedbackNews,
    (userId) => call('getFeedbackNews', { user_id: userId }),
    { refetchInterval, meta: { offline: true } },
  );
}

/**
 * A screen that shows feedback was opened: its count goes, on every device. Only asked when
 * there is something to clear, so opening the screen again writes nothing.
 */
export function useFeedbackOpened(screen: FeedbackScreen) {
  const news = useFeedbackNews();
  const waiting = news.data?.[screen] ?? 0;
  const { mutate } = useRefreshingMutation(
    (_: undefined) => call('markFeedbackOpened', { screen }),
    queryKeys.notifications.all,
  );
  useEffect(() => {
    if (waiting > 0) mutate();
  }, [waiting, mutate]);
}

/** The home badge: unread assignments, polled every 10 s (spec section 9) while the live stream is down. */
export function useUnreadAssignmentCount() {
  const refetchInterval = usePollInterval(POLL_MS);
  return useOwnQuery(
    queryKeys.assignments.unread,
    (userId) => call('getUnreadAssignments', { user_id: userId }),
    { refetchInterval, select: (answer) => answer.unread_count },
  );
}

/** The home screen's indicator: cards due now, polled every 10 s while the live stream is down. */
export function useCardsToReview() {
  const refetchInterval = usePollInterval(POLL_MS);
  return useOwnQuery(
    queryKeys.flashcards.toReview,
    (id) => call('getCardsToReview', { user_id: id }),
    { refetchInterval, select: (answer) => answer.cards_to_review, meta: { offline: true } },
  );
}
