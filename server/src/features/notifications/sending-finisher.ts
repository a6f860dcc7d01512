import { LeasedJob, type LeasedJobOptions } from '../../db/leases.js';
import type { OutboxSetup } from '../settings/settings-data.js';
import { takeLapsedSendings, writeRest } from './sending-notifications.js';

/** The lease's name in scheduler_leases. */
export const SENDING_FINISHER_JOB = 'unfinished-sendings';

interface FinisherOptions extends LeasedJobOptions {
  /** What the academy set up to tell students beyond the app, in force (the settings'). */
  outbox: () => OutboxSetup;
  /** Tells the students written (and administrators, whose notification lists grow). */
  notify: (userIds: number[]) => Promise<void>;
}

/**
 * Finishes notifications to many whose writer died between two slices
 * (sending-notifications.ts): on the one instance holding the lease, it takes each unfinished
 * sending whose hold has lapsed and writes the rest. What is written is in the database (a
 * slice and how far the sending is written move together), so nothing is written twice
 * across kills and restarts. A run answers the students it wrote.
 */
export class SendingFinisher extends LeasedJob<number[]> {
  protected readonly idle = () => [];

  constructor(private readonly options: FinisherOptions) {
    super(SENDING_FINISHER_JOB, options);
  }

  protected async work(now: number): Promise<number[]> {
    const told: number[] = [];
    for (const sendingId of await takeLapsedSendings(this.options.db, now)) {
      const written = await writeRest(
        this.options.db,
        sendingId,
        this.options.now,
        this.options.outbox,
      );
      if (written.length > 0) await this.options.notify(written);
      told.push(...written);
    }
    return told;
  }
}
