import {
  LIVE_RECAP_MARGIN_MS,
  LIVE_TOPIC_GAP_MS,
  type LiveRecap,
  type LiveTopic,
} from '@academy/contract/live';
import {
  hashKey,
  type Query,
  type QueryClient,
  type QueryKey,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { answersUnheard } from '../api/client';
import { live } from '../api/live';
import { queryKeys } from '../api/query-keys';
import { endSession, readToken } from '../api/session';

/**
 * The queries each topic of the live stream refreshes, by their families (api/query-keys.ts):
 * an event says what changed, and the screens refetch through the spec's own calls. The
 * admin dashboard's counts move with submissions, corrections, assignments, speaking answers,
 * who is online, and users (a deleted student's work goes with them). A student's page moves
 * with every one of its sections. The teaching day (today's sessions and their rolls, a
 * teacher's home and the dashboard's Today's classes) moves with the classes (sessions moved
 * or cancelled, rolls taken, teachers given), the timetable, hand-ins, corrections, speaking
 * answers and users.
 */
const k = queryKeys;
export const queriesOf: Record<LiveTopic, readonly QueryKey[]> = {
  notifications: [k.notifications.all, k.sendings.all],
  assignments: [k.assignments.all, k.sendings.all, k.adminCounts.all, k.studentOverview.all],
  corrections: [k.corrections.all, k.adminCounts.all, k.studentOverview.all, k.teachingDay.all],
  schedule: [k.schedule.all, k.studentOverview.all, k.teachingDay.all],
  cards: [k.flashcards.all],
  skills: [k.skills.all, k.skillAdmin.all, k.studentOverview.all],
  speaking: [
    k.speaking.all,
    k.skillAdmin.all,
    k.adminCounts.all,
    k.studentOverview.all,
    k.teachingDay.all,
  ],
  submissions: [k.inbox.all, k.adminCounts.all, k.studentOverview.all, k.teachingDay.all],
  online: [k.activity.online(), k.adminCounts.all, k.studentOverview.all],
  users: [k.users.all, k.adminCounts.all, k.studentOverview.all, k.teachingDay.all],
  classes: [k.classes.all, k.roll.all, k.studentOverview.all, k.teachingDay.all],
  // A term changed moves the current term, which the roll's figures count within.
  settings: [k.branding.all, k.settings.all, k.terms.all, k.roll.all],
  results: [k.results.all],
  // The question bank's screens and the quizzes', staff's and students' (issue 51).
  quizzes: [k.quizBank.all, k.quizzes.all],
  // Money (issue 52): the plan editor, the desk and a student's Payments.
  tuition: [k.tuition.all],
};

/**
 * Refreshes the queries of each topic heard: the first event at once (a message's popup must
 * not wait), and a burst of them (an administrator's screen while a class answers cards) as
 * one refresh a second. The second is kept per query family, not per topic: the dashboard's
 * counts move with six topics, and an administrator's tab that heard each of them within a
 * second asked the counts six times (issue 28: over a quarter of a school day's SQL was those
 * counts). A change told to many names a spread: its refresh waits a random moment within
 * it, unless another event asks for that family sooner.
 */
export function refresherFor(
  queryClient: QueryClient,
  { unheardSoFar = answersUnheard, sincePageStart = () => performance.now() } = {},
) {
  const last = new Map<string, number>();
  const waiting = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> }>();
  const refresh = (family: string, queryKey: QueryKey) => {
    waiting.delete(family);
    last.set(family, Date.now());
    // A query's first fetch is not cancelled by a refresh (TanStack Query has no answer to
    // fall back on, so the refresh joins it): its answer, read before the change, would stay
    // until the next poll. It is asked again once that answer comes.
    for (const query of inFlight(queryKey))
      if (query.state.data === undefined) refreshOnceAnswered(query, 'always');
    void queryClient.invalidateQueries({ queryKey });
  };
  const ask = (queryKey: QueryKey, spreadMs: number, now: number) => {
    const family = hashKey(queryKey);
    const at = Math.max(
      now + Math.random() * spreadMs,
      (last.get(family) ?? 0) + LIVE_TOPIC_GAP_MS,
    );
    const pending = waiting.get(family);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    if (at <= now) refresh(family, queryKey);
    else waiting.set(family, { at, timer: setTimeout(() => refresh(family, queryKey), at - now) });
  };
  /**
   * Queries in flight when the stream first opened, refreshed when their answer comes if the
   * server read one of them before it listened: any answer since that says so (an answer's
   * header names no query, so all of them). And queries whose first answer was in flight when
   * a change was heard, refreshed when it comes, always.
   */
  const awaited = new Map<Query, 'always' | 'if read before listening'>();
  let stopWatching: (() => void) | undefined;
  let unheardAtOpen = 0;
  const inFlight = (queryKey: QueryKey) =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .filter((query) => query.state.fetchStatus === 'fetching');
  const refreshOnceAnswered = (
    query: Query,
    when: 'always' | 'if read before listening' = 'if read before listening',
  ) => {
    if (awaited.get(query) !== 'always') awaited.set(query, when);
    stopWatching ??= queryClient.getQueryCache().subscribe(({ query: changed }) => {
      const awaitedWhen = awaited.get(changed);
      if (awaitedWhen === undefined || changed.state.fetchStatus !== 'idle') return;
      awaited.delete(changed);
      // A failed answer is left, as at the open.
      if (
        changed.state.status === 'success' &&
        (awaitedWhen === 'always' || unheardSoFar() > unheardAtOpen)
      )
        void queryClient.invalidateQueries({ queryKey: changed.queryKey, exact: true });
      if (awaited.size === 0) {
        stopWatching?.();
        stopWatching = undefined;
      }
    });
  };
  return {
    heard(topic: LiveTopic, spreadMs = 0) {
      const now = Date.now();
      for (const queryKey of queriesOf[topic]) ask(queryKey, spreadMs, now);
    },
    /**
     * The stream (re)opened: whatever changed while it was closed (or, the first time, before
     * the server was listening for this tab, even just after a screen fetched) was not heard,
     * so every query a topic covers is refreshed. On the first open, a query that failed is
     * left alone (asking again would show its error a second time), and one in flight is
     * refreshed once it has its answer if the server read an answer before it was listening
     * for this tab: a change made in between would be lost until the next one (a reading that
     * closed while the page was loading stayed open on it). And on the first open the server's
     * recap, when it covers the time since this page started, names the topics that changed
     * since: only theirs are asked again, and what the page brought from an earlier visit (the
     * offline store). A cold home drawn before its stream opened asked all seven calls twice.
     */
    opened(isFirst: boolean, recap?: LiveRecap) {
      if (isFirst) unheardAtOpen = unheardSoFar();
      const changed = isFirst ? changedSince(recap, sincePageStart()) : undefined;
      const pageStart = performance.timeOrigin;
      for (const { queryKey, hasChanged } of familiesOf(changed)) {
        if (isFirst) for (const query of inFlight(queryKey)) refreshOnceAnswered(query);
        void queryClient.invalidateQueries({
          queryKey,
          predicate: ({ state }) =>
            !isFirst ||
            (!isFailedOrInFlight(state) && (hasChanged || state.dataUpdatedAt < pageStart)),
        });
      }
    },
    stop() {
      stopWatching?.();
      stopWatching = undefined;
      awaited.clear();
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}

/** The stream this tab keeps open, and for whom: one per tab, whoever opened it. */
let kept: { token: string; queryClient: QueryClient; close: () => void } | undefined;

/**
 * Opens this tab's live stream for this token (closing one kept for another) and turns its
 * events into query refreshes; an ended session leaves for the login screen. Returns what
 * closes it. Asked again for the same token, it keeps the stream it has: the app opens it as
 * it starts (main.tsx), before the first screen has asked for anything, and the screens'
 * hook then holds it. A cold load asks each of its calls once: those answered before the stream
 * opened are asked again only if its recap says they changed since the page started, and one
 * in flight as it opens only if the server read it before it listened. Opened early, it polls
 * at the stream's slow pace from the start and, usually up before the layout, sends no
 * activity ping (the open stream says the student is here).
 */
export function keepLiveUpdates(queryClient: QueryClient, token: string): () => void {
  if (kept?.token === token && kept.queryClient === queryClient) return kept.close;
  kept?.close();
  const refresher = refresherFor(queryClient);
  let opens = 0;
  live.start(token, {
    onReady: (recap) => refresher.opened(opens++ === 0, recap),
    onChange: (topic, spreadMs) => refresher.heard(topic, spreadMs),
    onEnded: endSession,
  });
  const mine = {
    token,
    queryClient,
    // Only while it is still the one kept: a later stream is not another's to close.
    close: () => {
      if (kept !== mine) return;
      kept = undefined;
      refresher.stop();
      live.stop();
    },
  };
  kept = mine;
  return mine.close;
}

/**
 * Keeps this tab's live stream open while someone is signed in (with their token); signing
 * out, or another's token, closes it.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  // Signing in or out happens with a navigation: the token is read again on each, and the
  // stream restarts only when it is another.
  useLocation();
  const token = readToken();
  useEffect(() => {
    if (token) return keepLiveUpdates(queryClient, token);
    kept?.close();
  }, [token, queryClient]);
}

/**
 * Each query family a topic covers, once, and whether one of its topics is among `changed`
 * (all are when it is undefined). Invalidated once per topic that names it, a family like the
 * dashboard's counts (six topics) was fetched six times over at every reopening: each
 * invalidation cancels the refetch before it and starts another.
 */
function familiesOf(changed: ReadonlySet<string> | undefined) {
  const families = new Map<string, { queryKey: QueryKey; hasChanged: boolean }>();
  for (const [topic, keys] of Object.entries(queriesOf))
    for (const queryKey of keys) {
      const family = hashKey(queryKey);
      const hasChanged =
        changed === undefined || changed.has(topic) || (families.get(family)?.hasChanged ?? false);
      families.set(family, { queryKey, hasChanged });
    }
  return families.values();
}

/**
 * The topics a recap says changed since this page started, `sincePageStart` ago (less a
 * margin for a clock set back); undefined when it cannot say: no recap, or a page older than
 * what the server remembers.
 */
export function changedSince(
  recap: LiveRecap | undefined,
  sincePageStart: number,
): ReadonlySet<string> | undefined {
  if (!recap) return undefined;
  const since = recap.at - sincePageStart - LIVE_RECAP_MARGIN_MS;
  if (since < recap.knownSince) return undefined;
  return new Set(
    Object.entries(recap.changedAt)
      .filter(([, at]) => at >= since)
      .map(([topic]) => topic),
  );
}

/** A query whose last fetch failed, or that is being fetched now. */
function isFailedOrInFlight(state: { fetchStatus: string; status: string }): boolean {
  return state.fetchStatus === 'fetching' || state.status === 'error';
}
