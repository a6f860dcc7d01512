import {
  type Channel,
  DIGEST_HOUR,
  type MessageKind,
  OUTBOX_KEEP_DAYS,
  OUTBOX_MAX_ATTEMPTS,
  retryDelayMs,
} from '@academy/contract/messages';
import { quietMinutesLeft } from '@academy/contract/quiet-hours';
import { GatheredWrites } from '../../db/gathered-writes.js';
import type { Db } from '../../db/index.js';
import { type HeldLease, type LeasedWorker, leasedWorker } from '../../db/leased-worker.js';
import { inSlices } from '../../db/lists.js';
import { addDays, dayInZone, instantOfWallTime } from '../../db/time.js';
import type { Warn } from '../../warn.js';
import { type ChannelSender, type Letter, SendFailure } from './channels.js';
import { choicesOf } from './outbox-data.js';

/** The lease's name in scheduler_leases. */
export const OUTBOX_JOB = 'outbox';

/**
 * How many rows of a channel one look takes at most; the next look takes the rest. Each look
 * renews the lease, so a look must end well within OUTBOX_LEASE_MS.
 */
const ROWS_PER_LOOK = 1000;
/** A channel's batch in one look: what it sends in this long at its pace. */
const SECONDS_PER_LOOK = 5;
/** The outbox's lease: short, so that after a crash the restarted instance sends within it. */
const OUTBOX_LEASE_MS = 30_000;
/** How long a sender holds a row it took before another may take it again. */
const CLAIM_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export interface OutboxClock {
  timeZone: string;
  /** The academy's quiet hours, for those who did not choose their own. */
  quietHours: { from: string | null; to: string | null };
}

interface SenderOptions {
  db: Db;
  now: () => number;
  /** How often it looks; 0: never on its own (tests run it by hand). */
  everyMs: number;
  warn: Warn;
  clock: () => OutboxClock;
  /** The channels set up on this instance; a row for another waits. */
  senders: () => Partial<Record<Channel, ChannelSender>>;
}

type Row = {
  id: number;
  user_id: number;
  guardian_id: number | null;
  channel: Channel;
  kind: string;
  text: string;
  path: string;
  digest: number;
  created_at: number;
  attempts: number;
};

/** What one run did, for tests and the benchmark. */
export interface OutboxRun {
  sent: number;
  failed: number;
  held: number;
}

/**
 * Sends the outbox (issue 31, point 1), on the one instance holding its lease
 * (db/leased-worker.ts).
 *
 * Each row is taken (state 'sending', held for CLAIM_MS) in a committed statement before its
 * letter leaves, and marked sent the moment the channel has it. A row marked sent is never
 * sent again, so nothing is sent twice across restarts but a letter in flight at the very
 * instant an instance dies: its hold lapses and it is tried again with the same key, which
 * each channel passes on (channels.ts) so that it is recognised where it arrives. Losing an
 * absence warning is worse than a repeat that says which letter it repeats.
 *
 * Quiet hours (the person's, or the academy's) and the day's digest hold a row back until
 * they end; failures are tried again with back-off (contract retryDelayMs) up to
 * OUTBOX_MAX_ATTEMPTS, then the row is marked failed with the reason, for the administrator.
 */
export class OutboxSender implements LeasedWorker<OutboxRun> {
  private readonly idle = () => ({ sent: 0, failed: 0, held: 0 });
  private cleanedAt = 0;
  /** The rows the channels have taken, marked sent together (db/gathered-writes.ts). */
  private readonly sentMarks: GatheredWrites;
  private readonly worker: LeasedWorker<OutboxRun>;

  constructor(private readonly options: SenderOptions) {
    this.worker = leasedWorker({
      ...options,
      name: OUTBOX_JOB,
      leaseMs: OUTBOX_LEASE_MS,
      idle: this.idle,
      // The rows the last holder had taken and not recorded (it was killed mid-send, or
      // stopped renewing the lease) go back in the queue, to be sent again with the same key.
      tookOver: () => requeueHeld(options.db),
      run: (now, lease) => this.work(now, lease),
    });
    this.sentMarks = new GatheredWrites(
      async (ids) => {
        await options.db
          .updateTable('outbox')
          .set({ state: 'sent', sent_at: options.now(), claimed_until: null, error: null })
          .where('id', 'in', ids)
          .where('state', '=', 'sending')
          .execute();
      },
      // The rows stay 'sending' and go again, with their key, once their hold lapses.
      (error) => options.warn(error, 'The outbox could not mark letters sent.'),
    );
  }

  start(): void {
    this.worker.start();
  }

  runOnce(): Promise<OutboxRun> {
    return this.worker.runOnce();
  }

  /**
   * Something was queued on this instance: look at once rather than at the next tick. A run
   * going on finds it, or the next tick does.
   */
  wake(): void {
    this.worker.wake();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /**
   * Each channel looks until nothing of it is due, side by side: a slow channel (e-mail) never
   * holds back a fast one (push). Every look first renews the lease; once another instance
   * has it, each stops.
   */
  private async work(now: number, lease: HeldLease): Promise<OutboxRun> {
    if (now - this.cleanedAt >= 3_600_000) {
      this.cleanedAt = now;
      await cleanOutbox(this.options.db, now);
    }
    // Rows whose sender has held them past CLAIM_MS (a channel that never answered): tried
    // again, with the same key.
    await requeueHeld(this.options.db, now);
    const senders = Object.values(this.options.senders()) as ChannelSender[];
    const runs = await Promise.all(senders.map((sender) => this.drain(sender, now, lease)));
    return runs.reduce(
      (total, run) => ({
        sent: total.sent + run.sent,
        failed: total.failed + run.failed,
        held: total.held + run.held,
      }),
      this.idle(),
    );
  }

  /** One channel's looks, until nothing of it is due (or the lease is another's). */
  private async drain(sender: ChannelSender, now: number, lease: HeldLease): Promise<OutboxRun> {
    const total = this.idle();
    for (let at = now; ; at = this.options.now()) {
      if (at !== now && !(await lease.renew(at))) break;
      const run = await this.lookAt(sender, at);
      total.sent += run.sent;
      total.failed += run.failed;
      total.held += run.held;
      if (run.sent + run.failed + run.held === 0) break;
    }
    return total;
  }

  /** A look at one channel: its batch due now (about five seconds' worth at its pace), sent. */
  private async lookAt(sender: ChannelSender, now: number): Promise<OutboxRun> {
    const due = (await this.options.db
      .selectFrom('outbox')
      .select([
        'id',
        'user_id',
        'guardian_id',
        'channel',
        'kind',
        'text',
        'path',
        'digest',
        'created_at',
        'attempts',
      ])
      .where('state', '=', 'queued')
      .where('channel', '=', sender.channel)
      .where('send_after', '<=', now)
      .orderBy('send_after')
      .orderBy('id')
      .limit(Math.min(ROWS_PER_LOOK, Math.ceil(sender.perSecond * SECONDS_PER_LOOK)))
      .execute()) as Row[];
    if (due.length === 0) return this.idle();
    const { toSend, held } = await this.holdBack(due, now);
    const taken = await this.take(lettersOf(toSend), now);
    const run: OutboxRun = { sent: 0, failed: 0, held };
    await eachPaced(sender, taken, async (letter) => {
      const outcome = await this.deliver(sender, letter);
      if (outcome === 'sent') run.sent += letter.rowIds.length;
      else if (outcome === 'failed') run.failed += letter.rowIds.length;
    });
    // A look ends with what it sent recorded: the next look, and a test, read the rows.
    await Promise.all([this.sentMarks.flush(), sender.settle?.()]);
    return run;
  }

  /**
   * Rows whose person is in their quiet hours, and digest rows before the day's digest hour,
   * are put off to when those end (send_after); the others are sent now.
   */
  private async holdBack(due: Row[], now: number) {
    const clock = this.options.clock();
    const choices = await choicesOf(
      this.options.db,
      due.map((r) => r.user_id),
    );
    const later = new Map<number, number[]>();
    const toSend: Row[] = [];
    for (const row of due) {
      const own = choices.get(row.user_id)?.quietHours;
      const quiet = row.guardian_id === null && own ? own : clock.quietHours;
      const quietLeft = quietMinutesLeft(now, clock.timeZone, quiet.from, quiet.to);
      let until = quietLeft > 0 ? now + quietLeft * 60_000 : now;
      if (row.digest === 1) until = Math.max(until, digestAt(row.created_at, clock.timeZone));
      if (until <= now) toSend.push(row);
      else later.set(until, [...(later.get(until) ?? []), row.id]);
    }
    for (const [until, ids] of later)
      await this.options.db
        .updateTable('outbox')
        .set({ send_after: until })
        .where('id', 'in', ids)
        .execute();
    return { toSend, held: due.length - toSend.length };
  }

  /** Takes the letters' rows for this sender in one statement; the letters it took. */
  private async take(letters: OutboxLetter[], now: number): Promise<OutboxLetter[]> {
    if (letters.length === 0) return [];
    const ids = letters.flatMap((l) => l.rowIds);
    const taken = new Set<number>();
    for (const slice of inSlices(ids)) {
      const rows = await this.options.db
        .updateTable('outbox')
        .set((eb) => ({
          state: 'sending',
          claimed_until: now + CLAIM_MS,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', slice)
        .where('state', '=', 'queued')
        .returning('id')
        .execute();
      for (const r of rows) taken.add(r.id);
    }
    return letters.filter((l) => l.rowIds.every((id) => taken.has(id)));
  }

  private async deliver(sender: ChannelSender, letter: OutboxLetter) {
    const { db } = this.options;
    try {
      await sender.send(letter);
      this.sentMarks.add(letter.rowIds);
      if (sender.countsSent) await this.sentMarks.flush();
      return 'sent' as const;
    } catch (error) {
      const failure =
        error instanceof SendFailure
          ? error
          : new SendFailure(error instanceof Error ? error.message : String(error), 'retry');
      const lastTry = letter.attempts >= OUTBOX_MAX_ATTEMPTS;
      const state = failure.outcome === 'retry' ? (lastTry ? 'failed' : 'queued') : failure.outcome;
      await db
        .updateTable('outbox')
        .set({
          state,
          claimed_until: null,
          error: failure.message.slice(0, 500),
          ...(state === 'queued'
            ? { send_after: this.options.now() + retryDelayMs(letter.attempts) }
            : {}),
        })
        .where('id', 'in', letter.rowIds)
        .execute();
      return state === 'failed' ? ('failed' as const) : ('later' as const);
    }
  }
}

/** A letter with the rows it stands for. */
interface OutboxLetter extends Letter {
  channel: Channel;
  rowIds: number[];
  /** The try this is (the most of its rows'). */
  attempts: number;
}

/** The letters of the rows due: one per row, but a person's digest rows by e-mail in one. */
function lettersOf(rows: Row[]): OutboxLetter[] {
  const letters: OutboxLetter[] = [];
  const digests = new Map<string, OutboxLetter>();
  for (const row of rows) {
    const item = {
      kind: row.kind as MessageKind,
      text: row.text,
      path: row.path,
      createdAt: Number(row.created_at),
    };
    const recipient = `${row.user_id}:${row.guardian_id ?? ''}`;
    const gathered = row.digest === 1 ? digests.get(recipient) : undefined;
    if (gathered) {
      gathered.items.push(item);
      gathered.rowIds.push(row.id);
      gathered.attempts = Math.max(gathered.attempts, row.attempts + 1);
      continue;
    }
    const letter: OutboxLetter = {
      key: `outbox-${row.id}`,
      channel: row.channel,
      userId: row.user_id,
      guardianId: row.guardian_id,
      items: [item],
      digest: row.digest === 1,
      rowIds: [row.id],
      attempts: row.attempts + 1,
    };
    if (row.digest === 1) digests.set(recipient, letter);
    letters.push(letter);
  }
  return letters;
}

/** The first DIGEST_HOUR:00 on the academy's clocks after `createdAt`. */
export function digestAt(createdAt: number, timeZone: string): number {
  const day = dayInZone(createdAt, timeZone);
  const hour = `${String(DIGEST_HOUR).padStart(2, '0')}:00:00`;
  const today = instantOfWallTime(`${day}T${hour}`, timeZone);
  return today > createdAt ? today : instantOfWallTime(`${addDays(day, 1)}T${hour}`, timeZone);
}

/**
 * Runs `work` over `items`, at most `parallel` at a time and `perSecond` started a second,
 * each start after a turn of the event loop, so the requests waiting are answered between.
 */
async function eachPaced<T>(
  pace: { parallel: number; perSecond: number },
  items: T[],
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  let slot = performance.now();
  const gap = 1000 / pace.perSecond;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      slot = Math.max(slot + gap, performance.now());
      const wait = slot - performance.now();
      await new Promise((resolve) =>
        wait > 1 ? setTimeout(resolve, wait) : setImmediate(resolve),
      );
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(pace.parallel, items.length) }, worker));
}

/** Rows taken and not recorded as sent go back in the queue: all, or those held since before `now`. */
async function requeueHeld(db: Db, now?: number) {
  let query = db
    .updateTable('outbox')
    .set({ state: 'queued', claimed_until: null })
    .where('state', '=', 'sending');
  if (now !== undefined) query = query.where('claimed_until', '<=', now);
  await query.execute();
}

/** Sent and finally failed rows older than OUTBOX_KEEP_DAYS go; how many went. */
export async function cleanOutbox(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('state', 'in', ['sent', 'failed', 'skipped'])
    .where('created_at', '<', now - OUTBOX_KEEP_DAYS * DAY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
