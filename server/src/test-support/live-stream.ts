import type { LiveReady, LiveRecap } from '@academy/contract/live';
import { routes } from '@academy/contract/routes';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** A live stream as a browser tab holds it, read over a real connection. */
export interface TestStream {
  status: number;
  /** A refusal's JSON body (empty for an open stream). */
  body: string;
  /** The name the server gave the stream in its `ready` event ('' if refused). */
  id: string;
  /** Its `ready` event's recap of what changed before it opened (none if refused). */
  recap?: LiveRecap;
  /** Every event heard so far, in order. */
  events: EventSourceMessage[];
  /** The `change` events' topics heard so far. */
  topics(): string[];
  /**
   * The first event `match` accepts that no earlier `next` took, heard before or after the
   * call: a test may wait before or after the action that causes it.
   */
  next(
    match: (event: EventSourceMessage) => boolean,
    timeoutMs?: number,
  ): Promise<EventSourceMessage>;
  /** The next `change` event about `topic`. */
  change(topic: string, timeoutMs?: number): Promise<EventSourceMessage>;
  /** Settles when the server has closed the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET /api/events on a listening app (a TestApp, or any `url()`) with a token (or
 * none), and waits for its answer to begin.
 */
export async function openStream(
  server: { url(): Promise<string> },
  token?: string,
  /** A query string to send along (`?a=b`), for tests of what the stream accepts. */
  query = '',
): Promise<TestStream> {
  const base = await server.url();
  const abort = new AbortController();
  const response = await fetch(`${base}${routes.events.path}${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const events: EventSourceMessage[] = [];
  const waiting = new Set<() => void>();
  const heard = () => {
    for (const wake of [...waiting]) wake();
  };
  if (response.status !== 200 || !response.body) {
    const body = await response.text();
    return {
      status: response.status,
      body,
      id: '',
      events,
      topics: () => [],
      next: () => Promise.reject(new Error(`the stream was refused: ${response.status} ${body}`)),
      change: () => Promise.reject(new Error(`the stream was refused: ${response.status} ${body}`)),
      ended: Promise.resolve(),
      close: () => abort.abort(),
    };
  }
  const parser = createParser({
    onEvent: (event) => {
      events.push(event);
      heard();
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let closed = false;
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      // Aborted by close().
    } finally {
      closed = true;
      heard();
    }
  })();

  const taken = new Set<EventSourceMessage>();
  const next: TestStream['next'] = (match, timeoutMs = 5_000) => {
    const found = () => {
      const event = events.find((e) => !taken.has(e) && match(e));
      if (event) taken.add(event);
      return event;
    };
    return new Promise((resolve, reject) => {
      const check = () => {
        const event = found();
        if (event) done(() => resolve(event));
        else if (closed) done(() => reject(new Error('the stream ended first')));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no such event within ${timeoutMs} ms`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        waiting.delete(check);
        settle();
      };
      waiting.add(check);
      check();
    });
  };
  const topicOf = (event: EventSourceMessage) =>
    event.event === 'change' ? (JSON.parse(event.data) as { topic: string }).topic : undefined;
  const stream: TestStream = {
    status: 200,
    body: '',
    id: '',
    events,
    topics: () => events.map(topicOf).filter((topic): topic is string => topic !== undefined),
    next,
    change: (topic, timeoutMs) => next((event) => topicOf(event) === topic, timeoutMs),
    ended,
    close: () => abort.abort(),
  };
  const ready = await next((event) => event.event === 'ready');
  const { stream: id, recap } = JSON.parse(ready.data) as LiveReady;
  stream.id = id;
  if (recap) stream.recap = recap;
  return stream;
}
