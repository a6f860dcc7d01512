import {
  LIVE_EVENTS,
  LIVE_SAFETY_POLL_MS,
  LIVE_SILENCE_MS,
  LIVE_TOPICS,
  type LiveReady,
  type LiveRecap,
  type LiveTopic,
} from '@academy/contract/live';
import { createParser } from 'eventsource-parser';
import { useSyncExternalStore } from 'react';
import { nameLiveStream, routeOf } from './client';

/**
 * The tab's live stream (GET /api/events; contract/src/live.ts). Read with fetch, not
 * EventSource, so the token travels in the Authorization header as on every call, never in
 * a URL. One per tab, shared by every screen: it says what changed, and the app refetches the
 * spec's calls for it (app/live-updates.ts).
 *
 * 'up' once the server said ready; 'down' while it cannot be had (offline, a proxy that
 * buffers it, a restart): polling runs at the spec's intervals then (`usePollInterval`).
 */
export type LiveState = 'off' | 'connecting' | 'up' | 'down';

export interface LiveHandlers {
  /**
   * The stream is open: it was closed before, so anything may have changed meanwhile; the
   * recap, when the server sent one, says what changed lately (LiveRecap).
   */
  onReady(recap: LiveRecap | undefined): void;
  /** `spreadMs`: told to many, the refetch waits a random moment within it (LiveChange). */
  onChange(topic: LiveTopic, spreadMs: number): void;
  /** The server ended this session (or refused the token): leave at once. */
  onEnded(): void;
}

/** Waits before trying again, the last repeated; each with up to a quarter more at random. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const topics = new Set<string>(LIVE_TOPICS);

class LiveConnection {
  private current: LiveState = 'off';
  private readonly listeners = new Set<() => void>();
  private stopCurrent: (() => void) | undefined;

  get state(): LiveState {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Opens the stream with this token (closing any other) and keeps it open until stop(). */
  start(token: string, handlers: LiveHandlers): void {
    this.stop();
    const stopped = new AbortController();
    let wake: (() => void) | undefined;
    // Back online: try at once rather than at the end of a long wait.
    const retryNow = () => wake?.();
    window.addEventListener('online', retryNow);
    this.stopCurrent = () => {
      stopped.abort();
      window.removeEventListener('online', retryNow);
      wake?.();
    };
    void (async () => {
      for (let attempt = 0; !stopped.signal.aborted; attempt++) {
        this.set('connecting');
        const outcome = await this.listen(token, handlers, stopped.signal, () => {
          attempt = 0;
        });
        if (outcome === 'ended') {
          this.set('off');
          handlers.onEnded();
          return;
        }
        if (stopped.signal.aborted) break;
        this.set('down');
        const base = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 30_000;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, base * (1 + Math.random() / 4));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      this.set('off');
    })();
  }

  stop(): void {
    this.stopCurrent?.();
    this.stopCurrent = undefined;
    this.set('off');
  }

  /** One connection, until it drops, falls silent, or the session ends. */
  private async listen(
    token: string,
    handlers: LiveHandlers,
    stopped: AbortSignal,
    onOpen: () => void,
  ): Promise<'ended' | 'dropped'> {
    const aborted = new AbortController();
    const abort = () => aborted.abort();
    stopped.addEventListener('abort', abort);
    // A stream that has said nothing for longer than two heartbeats is gone (or a proxy holds
    // it back): give it up, poll, and try again.
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(abort, LIVE_SILENCE_MS);
    };
    let ended = false;
    // The writes of this tab name the stream while it is open.
    let unname: (() => void) | undefined;
    try {
      heard();
      const response = await fetch((await routeOf('events')).path, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: aborted.signal,
      });
      if (response.status === 401) return 'ended';
      if (!response.ok || !response.body) return 'dropped';
      const parser = createParser({
        onEvent: (event) => {
          if (event.event === LIVE_EVENTS.ready) {
            const { stream, recap } = readyOf(event.data);
            if (stream) unname = nameLiveStream(stream);
            this.set('up');
            onOpen();
            handlers.onReady(recap);
          } else if (event.event === LIVE_EVENTS.ended) {
            ended = true;
            abort();
          } else if (event.event === LIVE_EVENTS.change) {
            const change = changeOf(event.data);
            if (change) handlers.onChange(change.topic, change.spreadMs);
          }
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        parser.feed(value);
      }
    } catch {
      // Dropped, silent, or stopped: the caller decides what next.
    } finally {
      unname?.();
      clearTimeout(silence);
      stopped.removeEventListener('abort', abort);
    }
    return ended ? 'ended' : 'dropped';
  }

  private set(state: LiveState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of this.listeners) listener();
  }
}

/**
 * The stream's name in its `ready` event (a server before names were given sends none), and
 * its recap if it is whole: a recap that is not is as none (everything is asked again).
 */
function readyOf(data: string): { stream?: string; recap?: LiveRecap } {
  try {
    const { stream, recap } = JSON.parse(data) as Partial<Record<keyof LiveReady, unknown>>;
    return {
      ...(typeof stream === 'string' ? { stream } : {}),
      ...(isRecap(recap) ? { recap } : {}),
    };
  } catch {
    return {};
  }
}

function isRecap(value: unknown): value is LiveRecap {
  if (typeof value !== 'object' || value === null) return false;
  const { at, knownSince, changedAt } = value as {
    at?: unknown;
    knownSince?: unknown;
    changedAt?: unknown;
  };
  return (
    typeof at === 'number' &&
    typeof knownSince === 'number' &&
    typeof changedAt === 'object' &&
    changedAt !== null &&
    Object.entries(changedAt).every(([topic, at]) => topics.has(topic) && typeof at === 'number')
  );
}

function changeOf(data: string): { topic: LiveTopic; spreadMs: number } | undefined {
  try {
    const { topic, spreadMs } = JSON.parse(data) as { topic?: unknown; spreadMs?: unknown };
    if (typeof topic !== 'string' || !topics.has(topic)) return undefined;
    return { topic: topic as LiveTopic, spreadMs: typeof spreadMs === 'number' ? spreadMs : 0 };
  } catch {
    return undefined;
  }
}

/** This tab's stream. */
export const live = new LiveConnection();

/** Whether the stream is up, for screens and hooks that poll. */
export function useLiveIsUp(): boolean {
  return useSyncExternalStore(live.subscribe, () => live.state === 'up');
}

/**
 * A poll's interval: the spec's own while the stream is down, the slow safety interval while
 * it is up (every change then arrives as an event).
 */
export function usePollInterval(specMs: number): number {
  return useLiveIsUp() ? Math.max(specMs, LIVE_SAFETY_POLL_MS) : specMs;
}
