/**
 * The live stream (GET /api/events): one server-sent-events stream per signed-in browser tab.
 * An event says what changed, never the data: the browser refetches the screens' own calls,
 * so one path fills every screen whether the news came by the stream or by a poll.
 */

/**
 * What an event can say changed. A student hears of their own things; administrators hear
 * of what their screens list (who is online, the inbox, read states, answers).
 */
export const LIVE_TOPICS = [
  /** A notification sent to the student, or read (administrators: any was sent or read). */
  'notifications',
  /** An assignment sent, removed or read. */
  'assignments',
  /** A correction (a result) sent or deleted. */
  'corrections',
  /** Schedule sessions saved or changed. */
  'schedule',
  /** Flashcards changed or became due (also when the day turns in the academy's time zone). */
  'cards',
  /** An exam or Skill Builder item opened, closed, changed, or started. */
  'skills',
  /** A speaking question opened, closed or changed, or an answer arrived. */
  'speaking',
  /** Administrators: a student's submission arrived. */
  'submissions',
  /** Administrators: someone came online or left. */
  'online',
  /** Administrators: users were added or changed. */
  'users',
  /** Administrators: classes made, renamed, archived, or their students changed. */
  'classes',
  /** Everyone: the academy's settings (name, links, images, time zone) were saved. */
  'settings',
  /** A result sheet's scores or scheme changed; a student: their results were published. */
  'results',
  /** A quiz sent, changed or closed; an attempt started, submitted or marked (issue 51). */
  'quizzes',
  /**
   * Money (issue 52): a plan saved, a class charged, a payment or a void recorded.
   * Administrators and the payer hear it; no teacher does.
   */
  'tuition',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** The data of a `change` event. */
export interface LiveChange {
  topic: LiveTopic;
  /**
   * Set when the change was told to many streams at once (a notification to the whole
   * academy, the day turning): each tab asks again at a random moment within this many
   * milliseconds, so that their requests do not all come in the same second.
   */
  spreadMs?: number;
}

/**
 * The stream's event names: `ready` once it is open (the browser refetches what it shows, so
 * nothing that happened while it was away is missed), `change` for each change, and `ended`
 * when the session ended (logout elsewhere, a password reset, deactivation): the browser
 * leaves at once.
 */
export const LIVE_EVENTS = { ready: 'ready', change: 'change', ended: 'ended' } as const;

/** The data of the `ready` event: the name the server gave this stream, and its recap. */
export interface LiveReady {
  stream: string;
  /** What changed for this stream's owner before it opened; absent from an older server. */
  recap?: LiveRecap;
}

/**
 * What the instance a stream opened on heard for its owner lately, so that a tab's first
 * opening asks again only what changed since it started reading, not everything it has read
 * (a cold home drawn before its stream opened asked its seven calls twice). Times are the
 * server's clock, in ms since the epoch.
 */
export interface LiveRecap {
  /**
   * The server's clock as it wrote the recap: less the time since the page started when the
   * tab reads it, the server's clock as the page started (all on this instance's clock, the
   * clock its changes were recorded by, so two instances' clocks never meet).
   */
  at: number;
  /** Every change this instance heard since this time is in `changedAt`; before it, it cannot say. */
  knownSince: number;
  /** When each topic last changed for this owner, since `knownSince`; a topic absent did not. */
  changedAt: Partial<Record<LiveTopic, number>>;
}

/**
 * A change recorded up to this long before a page started is counted as after it: the reading
 * of the page's start is exact to the network's delay, and a server's clock may be set back.
 */
export const LIVE_RECAP_MARGIN_MS = 1_000;

/** Kept with the constants: the web's API client sends it, and is loaded with the first screen. */
export { LIVE_STREAM_HEADER, LIVE_UNHEARD_HEADER } from './constants.js';

/**
 * A stream hears a topic at most once in this long: a change within it of a topic just told is
 * held and told as one at its end. A screen refreshes a query at most once in it too, so a
 * burst (an administrator's tab while hundreds of students answer cards) costs a write and a
 * refresh a second, not one a change.
 */
export const LIVE_TOPIC_GAP_MS = 1_000;

/** A comment line is sent this often, so idle proxies keep the stream and dead ones are noticed. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** The browser gives a silent stream up after this long and falls back to polling. */
export const LIVE_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 10_000;
/**
 * While the stream is up, the spec's polls (10 s, 30 s) fall to this safety interval; when
 * it is down they run at the spec's intervals again.
 */
export const LIVE_SAFETY_POLL_MS = 5 * 60_000;
