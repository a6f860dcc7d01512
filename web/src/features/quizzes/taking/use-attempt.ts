import type { CallResponse } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { call } from '../../../api/client';
import { useOwnQuery } from '../../../api/own-query';
import { queryKeys } from '../../../api/query-keys';
import { readStoredUser } from '../../../api/session';
import { hrefs } from '../../../shared/paths';
import { clockOffset, crossedAnnouncement, isPastDeadline, remainingMs } from './server-clock';

const userId = () => readStoredUser()?.id ?? 0;

export type Attempt = CallResponse<'getQuizAttempt'>['attempt'];
export type AttemptItem = Attempt['items'][number];

/** What the review screen says first when it is opened from an attempt that just closed. */
export interface ReviewNotice {
  notice: string;
}

export const TIME_UP_TEXT =
  'Time is up: your answers were saved up to the end and the quiz was marked.';

/**
 * An attempt going on: item bodies and saved answers, never a key. Kept on the phone so a
 * reload offline still shows the questions and the answers given.
 */
export const useAttempt = (attemptId: number) =>
  useOwnQuery(
    () => queryKeys.quizzes.attempt(attemptId),
    (id) => call('getQuizAttempt', { user_id: id, attempt_id: attemptId }),
    { meta: { offline: true } },
  );

/**
 * The time left on the server's clock, ticking each second: the offset is taken from the
 * answer's `now` and the moment it arrived (`receivedAt`), so a phone whose clock is wrong
 * still counts down the server's deadline. `isPast`: the deadline has surely passed on the
 * server's clock. `announcement` is what a screen reader is told, only at five minutes and one
 * minute left, and when time is up.
 */
export function useTimeLeft(deadline: string, serverNow: string, receivedAt: number) {
  const offset = clockOffset(serverNow, receivedAt);
  const [left, setLeft] = useState(() => remainingMs(deadline, offset, Date.now()));
  const [isPast, setPast] = useState(() => isPastDeadline(deadline, offset, Date.now()));
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    let before = remainingMs(deadline, offset, Date.now());
    setLeft(before);
    const tick = setInterval(() => {
      const now = remainingMs(deadline, offset, Date.now());
      const said = crossedAnnouncement(before, now);
      if (said) setAnnouncement(said);
      before = now;
      setLeft(now);
      setPast(isPastDeadline(deadline, offset, Date.now()));
    }, 1000);
    return () => clearInterval(tick);
  }, [deadline, offset]);
  return { left, isPast, announcement };
}

/**
 * Submits an attempt and opens its review, which first says how it closed. An attempt already
 * closed (submitted on another device, or its time up) goes to the review too.
 */
export function useSubmitAttempt(attemptId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toReview = (notice: string) =>
    navigate(hrefs.quizReview(attemptId), {
      replace: true,
      state: { notice } satisfies ReviewNotice,
    });
  return useMutation({
    mutationFn: () => call('submitQuizAttempt', { user_id: userId(), attempt_id: attemptId }),
    // Only the list is read again: the attempt itself, read again while the review's chunk
    // loads, would open the review a second time with its own words.
    onSuccess: (closed) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mine(userId()) });
      toReview(closed.message);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mine(userId()) });
        toReview(error.serverMessage);
      }
    },
  });
}

/**
 * When the server's deadline passes on the timer, `submit` runs once: the answers given so far
 * go, and the server closes the attempt (saying "Time is up…" if it had closed it itself).
 */
export function useSubmitAtDeadline(isTimeUp: boolean, submit: () => void) {
  const hasRun = useRef(false);
  const latest = useRef(submit);
  latest.current = submit;
  useEffect(() => {
    if (!isTimeUp || hasRun.current) return;
    hasRun.current = true;
    latest.current();
  }, [isTimeUp]);
}
