import type { LiveTopic } from '@academy/contract/live';
import { dayInZone } from '../db/time.js';
import type { Warn } from '../warn.js';
import type { Audience } from './messages.js';

/**
 * Changes nobody makes: the day turning in the academy's time zone (cards fall due), and an
 * exam, Skill Builder item or speaking question opening or closing. Every instance tells its
 * own streams, so nothing goes between instances.
 */

/** The first millisecond after `now` that falls on another day in `timeZone`. */
export function nextDayStart(now: number, timeZone: string): number {
  const today = dayInZone(now, timeZone);
  // Days start on a whole minute in every zone (dayInZone relies on it too): search minutes.
  let before = Math.floor(now / 60_000);
  let after = before + 27 * 60; // no day is longer than 25 hours
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (dayInZone(middle * 60_000, timeZone) === today) before = middle;
    else after = middle;
  }
  return after * 60_000;
}

/** setTimeout's longest wait; later moments are re-armed from an earlier one. */
const MAX_WAIT_MS = 6 * 60 * 60_000;

interface ClockOptions {
  now: () => number;
  /** The academy's time zone now (it follows the settings). */
  timeZone: () => string;
  /** The next moment after `now` at which an item or question opens or closes, if any. */
  nextWindowChange: (now: number) => Promise<number | null>;
  /** Tells this instance's streams. */
  deliver: (topic: LiveTopic, audience: Audience) => void;
  warn: Warn;
}

export class ClockEvents {
  private dayTimer: NodeJS.Timeout | undefined;
  private windowTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: ClockOptions) {}

  start(): void {
    this.armDay();
    void this.armWindows();
  }

  /** The academy's time zone may have changed: the day turns at another moment. */
  timeZoneChanged(): void {
    this.armDay();
  }

  /** Items or questions were saved or deleted: the next opening or closing may have moved. */
  windowsChanged(): void {
    void this.armWindows();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.dayTimer);
    clearTimeout(this.windowTimer);
  }

  /**
   * One day timer at a time, whoever arms it: on PostgreSQL the settings are read again (and
   * the zone changed) as the cluster's connection opens, before start() arms its own; the
   * first timer, left running, told students of their cards twice at midnight and kept a
   * closed app alive in memory until it fired.
   */
  private armDay(): void {
    clearTimeout(this.dayTimer);
    if (this.stopped) return;
    const now = this.options.now();
    const zone = this.options.timeZone();
    const next = nextDayStart(now, zone);
    this.dayTimer = later(next - now, () => {
      // Judged in the zone the timer was armed for: a change of zone re-arms it.
      if (dayInZone(this.options.now(), zone) !== dayInZone(now, zone))
        this.options.deliver('cards', { students: true });
      this.armDay();
    });
  }

  private async armWindows(): Promise<void> {
    if (this.stopped) return;
    clearTimeout(this.windowTimer);
    const now = this.options.now();
    let next: number | null;
    try {
      next = await this.options.nextWindowChange(now);
    } catch (error) {
      this.options.warn(error, 'could not read when the next item opens or closes');
      next = now + 60_000;
    }
    if (this.stopped) return;
    clearTimeout(this.windowTimer);
    const wait = next === null ? MAX_WAIT_MS : next - now;
    this.windowTimer = later(wait, () => {
      if (next !== null && this.options.now() >= next) {
        // Which kind changed is not worth a query: both are cheap to refetch, and only the
        // screens showing them do.
        this.options.deliver('skills', { students: true });
        this.options.deliver('speaking', { students: true });
      }
      void this.armWindows();
    });
  }
}

/**
 * A timer that runs once, no sooner than a second from now (a moment that has not come when
 * the timer fires is simply waited for again) and no later than MAX_WAIT_MS.
 */
function later(wait: number, run: () => void): NodeJS.Timeout {
  const timer = setTimeout(run, Math.max(1_000, Math.min(wait, MAX_WAIT_MS)));
  timer.unref();
  return timer;
}
