import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { keptChangeOptions } from '../../../api/kept-changes';
import { queryKeys } from '../../../api/query-keys';
import { readStoredUser } from '../../../api/session';
import {
  type Answer,
  type AnswersPayload,
  mergeAnswers,
  savesOf,
  waitingPositions,
} from './answer-queue';
import { quizAnswers } from './save-answers';
import type { Attempt } from './use-attempt';

/** Typing is saved once the student pauses, not at every key. */
const TYPING_PAUSE_MS = 800;

/** What became of a save the server answered with a refusal. */
export type SaveRefusal = { kind: 'closed' | 'refused'; message: string };

/**
 * An attempt's answers on the phone and their saving (issue 51, point 3). Each answer is kept
 * on the screen at once and saved as a kept change (save-answers.ts): offline it waits on the
 * phone, across a reload too, and goes once the network is back. What is shown merges the
 * server's answers, the saves made since and the student's edits (answer-queue.ts), so neither
 * a refetch nor a restored save takes an answer back.
 */
export function useAnswers(attempt: Attempt) {
  const queryClient = useQueryClient();
  const ids = useMemo(
    () => ({ user_id: readStoredUser()?.id ?? 0, attempt_id: attempt.id }),
    [attempt.id],
  );
  const { mutate } = useMutation(keptChangeOptions(quizAnswers));
  const saves = useMutationState({
    filters: { mutationKey: quizAnswers.key },
    select: (m) => ({
      payload: m.state.variables as AnswersPayload,
      status: m.state.status,
      // Paused (the browser knows it is offline), or failed and retrying (a dropped signal
      // the browser has not noticed): either way it waits for a connection.
      isWaiting: m.state.isPaused || m.state.failureCount > 0,
      error: m.state.error,
    }),
  });
  const [edits, setEdits] = useState<ReadonlyMap<number, Answer>>(new Map());
  const due = useRef(new Map<number, Answer>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastSaveAt = useRef(Date.now());

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (due.current.size === 0) return;
    // The time since the last save, shared by the answers it carries.
    const span = (Date.now() - lastSaveAt.current) / 1000 / due.current.size;
    lastSaveAt.current = Date.now();
    for (const save of savesOf(due.current, () => span, ids)) mutate(save);
    due.current = new Map();
  }, [ids, mutate]);

  const setAnswer = useCallback(
    (position: number, answer: Answer, { typing = false } = {}) => {
      setEdits((all) => new Map(all).set(position, answer));
      due.current.set(position, answer);
      if (!typing) return flush();
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, TYPING_PAUSE_MS);
    },
    [flush],
  );

  /** A spoken answer is saved by its upload; shown as answered without a save of its own. */
  const markRecorded = useCallback((position: number, file: string) => {
    setEdits((all) => new Map(all).set(position, { type: 'spoken', file }));
  }, []);

  // Typing not yet saved goes when the screen closes or the phone puts the app away.
  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  const own = saves.filter((s) => s.payload?.attempt_id === attempt.id);
  const kept = own.filter((s) => s.status === 'pending' || s.status === 'success');
  const waitingSaves = own.filter((s) => s.status === 'pending');
  const waiting = waitingPositions(
    waitingSaves.map((s) => s.payload),
    attempt.id,
  );
  const answers = mergeAnswers(
    attempt.items,
    kept.map((s) => s.payload),
    attempt.id,
    edits,
  );

  // Once every waiting save has gone, the attempt is read again: what the server holds now.
  const hasWaiting = waiting.size > 0;
  const hadWaiting = useRef(false);
  useEffect(() => {
    if (hadWaiting.current && !hasWaiting)
      void queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.attempt(attempt.id) });
    hadWaiting.current = hasWaiting;
  }, [hasWaiting, queryClient, attempt.id]);

  // A refusal stands until a later save goes through (a 409 never does: the attempt is closed).
  const settled = own.findLast((s) => s.status === 'error' || s.status === 'success');
  return {
    answers,
    setAnswer,
    markRecorded,
    flush,
    waiting,
    isOffline: waitingSaves.some((s) => s.isWaiting),
    hasSaved: own.some((s) => s.status === 'success'),
    refusal: settled?.status === 'error' ? refusalOf(settled.error) : null,
  };
}

function refusalOf(error: unknown): SaveRefusal | null {
  if (!(error instanceof ApiError) || error.isNetworkError) return null;
  if (error.status === 409)
    return { kind: 'closed', message: error.serverMessage ?? 'This attempt has closed.' };
  return {
    kind: 'refused',
    message: error.serverMessage ?? 'An answer could not be saved. Please try again.',
  };
}

/** What the attempt's bar says of the answers: all saved, on their way, or waiting offline. */
export function savingState(saving: ReturnType<typeof useAnswers>) {
  if (saving.waiting.size > 0) return saving.isOffline ? 'waiting' : 'sending';
  return saving.hasSaved ? 'saved' : 'none';
}
