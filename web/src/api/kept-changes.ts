import { ApiError } from './api-error';

/**
 * Changes that wait for the network: made offline, kept on the device across a reload (the
 * offline store keeps them while pending), and sent in order once online. Only changes the
 * server applies once however often they arrive belong here: a flashcard answer (its answer
 * id), a roll (saved whole) and a quiz's answers (each the latest for its question; the
 * server refuses them once the attempt is closed). Each feature declares its own; the query client registers
 * every one by key, so a change restored after a reload knows how to send itself.
 */
export interface KeptChange<P, R = unknown> {
  /** The mutation key: how a restored change finds its function. */
  key: readonly string[];
  /** Changes of one scope go one at a time, in the order made. */
  scope: { id: string };
  send: (payload: P) => Promise<R>;
}

/**
 * A lost connection is worth retrying, patiently (the server applies the change once, so a
 * retry cannot count twice); a refusal is not.
 */
export const retryLostChange = (failures: number, error: Error) =>
  error instanceof ApiError && error.isNetworkError && failures < 60;

/** Retries back off to once every 30 seconds. */
export const lostChangeRetryDelay = (failures: number) => Math.min(30_000, 1_000 * 2 ** failures);

/** The mutation options of a kept change: its key and order, waiting offline, retried. */
export function keptChangeOptions<P, R>(change: KeptChange<P, R>) {
  return {
    mutationKey: change.key,
    scope: change.scope,
    mutationFn: change.send,
    retry: retryLostChange,
    retryDelay: lostChangeRetryDelay,
    networkMode: 'online' as const,
  };
}
