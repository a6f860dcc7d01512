import type { Db } from '../../db/index.js';
import { type LeasedWorker, leasedWorker } from '../../db/leased-worker.js';
import type { Tell } from '../../domain/tell.js';
import type { Warn } from '../../warn.js';
import { takeLapsedSendings, writeRest } from './sending-notifications.js';

/** The lease's name in scheduler_leases. */
export const SENDING_FINISHER_JOB = 'unfinished-sendings';

interface FinisherOptions {
  db: Db;
  now: () => number;
  /** How often it looks; 0: never on its own (tests run it by hand). */
  everyMs: number;
  warn: Warn;
  /** Tells the students written (the app's teller, bound to the settings in force). */
  tell: Tell;
  /** Tells the students written (and administrators, whose notification lists grow). */
  notify: (userIds: number[]) => Promise<void>;
}

/**
 * Finishes notifications to many whose writer died between two slices
 * (sending-notifications.ts): on the one instance holding the lease (db/leased-worker.ts),
 * it takes each unfinished sending whose hold has lapsed and writes the rest. What is written
 * is in the database (a slice and how far the sending is written move together), so nothing
 * is written twice across kills and restarts. A run answers the students it wrote.
 */
export function sendingFinisher(options: FinisherOptions): LeasedWorker<number[]> {
  return leasedWorker({
    ...options,
    name: SENDING_FINISHER_JOB,
    idle: () => [],
    run: async (now) => {
      const told: number[] = [];
      for (const sendingId of await takeLapsedSendings(options.db, now)) {
        const written = await writeRest(options.db, sendingId, options.now, options.tell);
        if (written.length > 0) await options.notify(written);
        told.push(...written);
      }
      return told;
    },
  });
}
