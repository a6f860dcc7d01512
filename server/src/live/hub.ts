import type { ServerResponse } from 'node:http';
import {
  LIVE_EVENTS,
  LIVE_HEARTBEAT_MS,
  LIVE_TOPIC_GAP_MS,
  LIVE_TOPICS,
  type LiveChange,
  type LiveTopic,
} from '@academy/contract/live';
import type { Audience, Origin, SessionEnd } from './messages.js';
import { type RecapOwner, RecentChanges } from './recent-changes.js';

export type { Origin } from './messages.js';

/** Whose stream it is, from the token it was opened with, and its name. */
export interface StreamOwner {
  /**
   * The name the stream was given in its `ready` event: random, so another instance's
   * streams never share it. A tab's writes send it back (LIVE_STREAM_HEADER).
   */
  id: string;
  userId: number;
  /** An administrator's or a teacher's: hears what staff hear (topics only). */
  isStaff: boolean;
  /** A teacher's: not told of what only administrators hear. */
  isTeacher: boolean;
  tokenHash: string;
  /** When the token expires: the stream ends then, as the session does. */
  expiresAt: number;
}

interface Stream extends StreamOwner {
  response: ServerResponse;
  /** When each topic was last written to it (HubOptions.clock); made at its first change. */
  told?: Map<LiveTopic, number>;
  /** Topics changed again within LIVE_TOPIC_GAP_MS of being told: the frame to write at its end. */
  held?: Map<LiveTopic, string>;
}

export interface HubOptions {
  now: () => number;
  /**
   * A clock that only moves forward, in ms, for the gap between a topic's frames to a stream
   * (performance.now by default; a test's fake clock).
   */
  clock?: () => number;
  heartbeatMs?: number;
  /** A user with an open stream is here: called for each such user at every heartbeat. */
  onAlive?: (userId: number, at: number) => void;
  /** A user's first stream on this instance opened, or their last one closed. */
  onPresence?: (userId: number) => void;
}

/**
 * Streams one user may hold on one instance: a stream per tab, and a person has a few tabs on
 * a phone and a computer or two. Past it, a new stream closes the user's oldest: one token
 * held 6,000 streams (6,000 open sockets) before there was a cap. Counted per instance (each
 * keeps its own streams in memory, as does each of a server's processes); docs/security.md
 * says so.
 */
export const MAX_STREAMS_PER_USER = 10;

/** A stream whose browser has not taken this much is stuck (or gone): it is closed. */
const MAX_UNSENT_BYTES = 64 * 1024;

const frame = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;
// Every topic's frame is written once, not per stream or per change.
const changeFrames = new Map<LiveTopic, string>(
  LIVE_TOPICS.map((topic) => [topic, frame(LIVE_EVENTS.change, JSON.stringify({ topic }))]),
);
const endedFrame = frame(LIVE_EVENTS.ended, '{}');
/** A comment line: ignored by the browser's parser, but it keeps proxies and the socket awake. */
const heartbeatFrame = ':\n\n';

/** A change told to more streams than this names a spread for their refetches (LiveChange). */
const SPREAD_FROM = 100;
/**
 * The spread is this long a stream (1,000 streams: 20 s, so 50 asking again a second, for a
 * query or two each: about what 500 more active students would ask)…
 */
const SPREAD_MS_PER_STREAM = 20;
/** …and at most this long: every tab has asked again within it (a push takes as long). */
const SPREAD_MAX_MS = 60_000;

/**
 * The live streams held by this instance, and who they belong to. It writes each change to
 * the streams of its audience; it does not know where changes come from (live.ts does).
 * One timer, not one per stream, sends the heartbeats: ten thousand idle streams cost one
 * pass every 25 s.
 */

export class LiveHub {
  private readonly streams = new Set<Stream>();
  /**
   * The staff's streams, kept apart: most changes tell the administrators (a student came
   * online, handed in, answered), and finding their ten streams among ten thousand students'
   * by walking them all was a tenth of a school day's CPU (bench:day's profile, issue 28).
   */
  private readonly staff = new Set<Stream>();
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly byId = new Map<string, Stream>();
  private heartbeat: NodeJS.Timeout | undefined;
  private accepting = true;
  private readonly clock: () => number;
  /** What changed lately, for the recap of a stream's `ready` event. */
  private readonly recent: RecentChanges;

  constructor(private readonly options: HubOptions) {
    this.clock = options.clock ?? (() => performance.now());
    this.recent = new RecentChanges(options.now);
  }

  /** Streams open on this instance. */
  get size(): number {
    return this.streams.size;
  }

  /** Whether this instance holds a stream of this session (LIVE_UNHEARD_HEADER). */
  listensFor(userId: number, tokenHash: string): boolean {
    for (const stream of this.byUser.get(userId) ?? [])
      if (stream.tokenHash === tokenHash) return true;
    return false;
  }

  /**
   * What changed for a stream's owner lately (LiveRecap), for its `ready` event: read in the
   * same turn as `open`, so every change is either in the recap or told on the stream.
   */
  recapFor(owner: RecapOwner) {
    return this.recent.recapFor(owner);
  }

  /** Whether new streams are taken (not while this instance cannot hear the others). */
  get isAccepting(): boolean {
    return this.accepting;
  }

  /**
   * Takes an open response as a stream until either side closes it. The caller has written
   * the headers; the hub writes events. Returns a function that closes it.
   */
  open(owner: StreamOwner, response: ServerResponse): () => void {
    const stream: Stream = { ...owner, response };
    this.streams.add(stream);
    if (stream.isStaff) this.staff.add(stream);
    this.byId.set(owner.id, stream);
    let ofUser = this.byUser.get(owner.userId);
    const isFirst = !ofUser;
    if (!ofUser) {
      ofUser = new Set();
      this.byUser.set(owner.userId, ofUser);
    }
    // The oldest goes first: the tab left open longest, or a device put away. Its browser
    // polls, and tries again later, as after any dropped stream.
    for (const oldest of ofUser) {
      if (ofUser.size < MAX_STREAMS_PER_USER) break;
      this.end(oldest);
    }
    ofUser.add(stream);
    response.on('close', () => this.forget(stream));
    this.heartbeat ??= this.startHeartbeat();
    if (isFirst) {
      this.options.onAlive?.(owner.userId, this.options.now());
      this.options.onPresence?.(owner.userId);
    }
    return () => this.end(stream);
  }

  /**
   * Tells a change to the streams of its audience, but the one it came from; how many
   * streams it reached (at once, or at the end of their topic's gap: `tell`).
   */
  deliver(topic: LiveTopic, audience: Audience, origin?: Origin): number {
    const data = changeFrames.get(topic);
    if (!data) return 0;
    this.recent.record(topic, audience);
    const from = origin && this.byId.get(origin.stream);
    const skipped = from?.tokenHash === origin?.tokenHash ? from : undefined;
    const streams = [...this.audienceStreams(audience)].filter((stream) => stream !== skipped);
    // Told to many (a notification to the whole academy, the day turning), every stream hears
    // at once, but each tab asks again at a random moment within a spread: asked in the same
    // second, their refetches queued behind one another for seconds (bench/README.md, "A
    // message to every student").
    const told =
      streams.length <= SPREAD_FROM
        ? data
        : frame(
            LIVE_EVENTS.change,
            JSON.stringify({
              topic,
              spreadMs: Math.min(SPREAD_MAX_MS, streams.length * SPREAD_MS_PER_STREAM),
            } satisfies LiveChange),
          );
    return streams.filter((stream) => this.tell(stream, topic, told)).length;
  }

  /** Ended sessions: their streams say so and close; the browser goes to the login screen. */
  endSessions(end: SessionEnd): void {
    const ended =
      'userId' in end
        ? [...(this.byUser.get(end.userId) ?? [])].filter(
            (stream) => stream.tokenHash !== end.keepTokenHash,
          )
        : [...this.streams].filter((stream) => stream.tokenHash === end.tokenHash);
    for (const stream of ended) {
      this.write(stream, endedFrame);
      this.end(stream);
    }
  }

  /**
   * Closes every stream and takes no new ones (this instance cannot hear the others, so its
   * streams would miss changes): browsers poll meanwhile, and come back when it resumes.
   */
  suspend(): void {
    this.accepting = false;
    this.recent.deaf();
    this.closeAll();
  }

  resume(): void {
    this.accepting = true;
    this.recent.hearing();
  }

  /** Closes every stream (the server is stopping, or suspended). */
  closeAll(): void {
    for (const stream of [...this.streams]) this.end(stream);
  }

  /**
   * The server is stopping: every stream's connection is closed at once (a browser reconnects
   * to another instance, or after the restart), so none keeps the server from closing.
   */
  shutdown(): void {
    this.accepting = false;
    for (const stream of [...this.streams]) {
      this.forget(stream);
      stream.response.destroy();
    }
  }

  /** The streams an audience names, each once (an administrator may be named twice). */
  private audienceStreams(audience: Audience): Iterable<Stream> {
    const { users = [], admins = false, administrators = false, students = false } = audience;
    if (admins && students) return this.streams;
    const chosen = new Set<Stream>();
    if (admins) for (const stream of this.staff) chosen.add(stream);
    else if (students) {
      for (const stream of this.streams) if (!stream.isStaff) chosen.add(stream);
    }
    if (administrators && !admins)
      for (const stream of this.staff) if (!stream.isTeacher) chosen.add(stream);
    for (const userId of users)
      for (const stream of this.byUser.get(userId) ?? []) chosen.add(stream);
    return chosen;
  }

  /**
   * Tells one stream of a topic: at once if it was not told of it within LIVE_TOPIC_GAP_MS,
   * else once at the gap's end however many changes come meanwhile. A screen refreshes a
   * query at most once a gap anyway; the staff's streams hear every student's card answered,
   * handed in or come online, and writing each (a write call a stream a change: 265 card
   * answers a second to thirty staff streams with 3,000 students active) was the largest
   * single cost of a school day's CPU after the SQL (bench:day's profile, issue 28).
   */
  private tell(stream: Stream, topic: LiveTopic, data: string): boolean {
    const now = this.clock();
    stream.told ??= new Map();
    const last = stream.told.get(topic);
    if (last === undefined || now - last >= LIVE_TOPIC_GAP_MS) {
      stream.told.set(topic, now);
      return this.write(stream, data);
    }
    // Nothing is held for a stream that has ended (write checks again at the gap's end).
    if (stream.response.destroyed || stream.response.writableEnded) return false;
    stream.held ??= new Map();
    // The latest frame is the one told: a spread named by a later change to many holds.
    const waiting = stream.held.has(topic);
    stream.held.set(topic, data);
    if (!waiting)
      setTimeout(() => this.release(stream, topic), last + LIVE_TOPIC_GAP_MS - now).unref();
    return true;
  }

  /** A topic's gap has ended: the change held meanwhile is written, and a new gap begins. */
  private release(stream: Stream, topic: LiveTopic): void {
    const data = stream.held?.get(topic);
    if (data === undefined) return;
    stream.held?.delete(topic);
    if (!this.streams.has(stream)) return;
    stream.told?.set(topic, this.clock());
    this.write(stream, data);
  }

  /** Writes to one stream; a stream that has stopped taking what it is sent is closed. */
  private write(stream: Stream, data: string): boolean {
    const { response } = stream;
    if (response.destroyed || response.writableEnded) return false;
    if (response.writableLength > MAX_UNSENT_BYTES) {
      this.end(stream);
      return false;
    }
    response.write(data);
    return true;
  }

  private end(stream: Stream): void {
    this.forget(stream);
    if (!stream.response.writableEnded) stream.response.end();
  }

  private forget(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    this.staff.delete(stream);
    this.byId.delete(stream.id);
    const ofUser = this.byUser.get(stream.userId);
    ofUser?.delete(stream);
    if (ofUser?.size === 0) {
      this.byUser.delete(stream.userId);
      this.options.onPresence?.(stream.userId);
    }
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /**
   * The heartbeat, every LIVE_HEARTBEAT_MS while streams are open: a comment line to each
   * (idle proxies keep the connection; a dead one is found), the end of streams whose token
   * has expired, and a sign of life for each user with a stream.
   */
  beat(): void {
    const now = this.options.now();
    for (const stream of [...this.streams]) {
      // A token ends at its expiry; so does its stream, like any ended session.
      if (stream.expiresAt <= now) {
        this.write(stream, endedFrame);
        this.end(stream);
      } else this.write(stream, heartbeatFrame);
    }
    for (const userId of this.byUser.keys()) this.options.onAlive?.(userId, now);
  }

  private startHeartbeat(): NodeJS.Timeout {
    const timer = setInterval(() => this.beat(), this.options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    timer.unref();
    return timer;
  }
}
