import type { Db } from './index.js';

/**
 * Leases: which instance runs a background job (leased-worker.ts), when several share one
 * database. A lease is a row naming its holder and when it lapses. Taking it is one
 * statement, so two instances asking at once cannot both win: the row is new (inserted), or
 * it is already the caller's, or it has lapsed (updated); otherwise it is left alone and the
 * statement returns nothing. The holder renews it on every run, well before it lapses; an
 * instance that stops or dies simply stops renewing, and another takes over once it lapses.
 */
export async function holdLease(
  db: Db,
  job: string,
  holder: string,
  now: number,
  forMs: number,
): Promise<boolean> {
  const taken = await db
    .insertInto('scheduler_leases')
    .values({ job, holder, expires_at: now + forMs })
    .onConflict((conflict) =>
      conflict
        .column('job')
        .doUpdateSet({ holder, expires_at: now + forMs })
        .where((eb) =>
          eb.or([
            eb('scheduler_leases.holder', '=', holder),
            eb('scheduler_leases.expires_at', '<=', now),
          ]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder;
}

/** Gives a lease up (an instance shutting down), so another need not wait for it to lapse. */
export async function releaseLease(db: Db, job: string, holder: string): Promise<void> {
  await db
    .deleteFrom('scheduler_leases')
    .where('job', '=', job)
    .where('holder', '=', holder)
    .execute();
}
