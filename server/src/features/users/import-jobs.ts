import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../auth/passwords.js';
import type { Db } from '../../db/index.js';
import type { Live } from '../../live/live.js';
import type { Warn } from '../../warn.js';
import {
  type CheckedStudent,
  generatePassword,
  type HashedStudent,
  ImportRefused,
  writeStudents,
} from './users-import.js';

/**
 * Students' imports run as jobs (table import_jobs, migration 0020): the call that starts one
 * answers at once, and the screen follows the job's progress. Passwords are hashed one at a
 * time: argon2id runs on libuv's small thread pool, which logins, file reads and uploads share,
 * and a thousand hashes queued at once made every login wait behind them (bench/import.mjs).
 * The new students are written at the end, all in one transaction with the job's outcome.
 *
 * A job is a record: it ends 'done' or 'failed', never silently. A stopping server ends its
 * own running jobs as interrupted; a job whose instance died is seen as interrupted once its
 * heartbeat (updated_at, written as it progresses) is older than STALE_MS.
 */

/** A running job not heard from for this long has lost its instance. */
export const STALE_MS = 60_000;
/** How often a running job writes its progress (and so its heartbeat), at most. */
const BEAT_MS = 1_000;

export const INTERRUPTED =
  'The import was interrupted (the server stopped) before any student was written. Nothing was imported: import the file again.';

/** One student's credentials as the job keeps them until dismissed. */
export interface Credential {
  name: string;
  class: string;
  username: string;
  password: string;
}

class Stopped extends Error {}

export class ImportJobs {
  /** This instance, as its jobs' `runner`. */
  private readonly runner = randomUUID();
  private readonly running = new Map<number, { stop: boolean; done: Promise<void> }>();

  constructor(
    private readonly deps: {
      db: Db;
      now: () => number;
      today: () => string;
      /** The academy's time zone: a session that has begun is not a joiner's. */
      timeZone: () => string;
      live: Pick<Live, 'publish'>;
      warn: Warn;
    },
  ) {}

  /**
   * Starts importing the checked rows' new students; answers the job's id at once. Refuses
   * (null) while another import runs: one at a time keeps the hashing to one thread.
   */
  async start(
    rows: CheckedStudent[],
    createdBy: number,
    signInUrl: string,
    summary: string,
  ): Promise<number | null> {
    const { db, now } = this.deps;
    await endStaleJobs(db, now());
    const students = rows.filter((r) => r.status === 'new');
    const running = () =>
      db.selectFrom('import_jobs').select('id').where('status', '=', 'running').executeTakeFirst();
    if (await running()) return null;
    let id: number;
    try {
      const made = await db
        .insertInto('import_jobs')
        .values({
          created_by: createdBy,
          status: 'running',
          total: students.length,
          message: summary,
          credentials: null,
          sign_in_url: signInUrl,
          runner: this.runner,
          created_at: now(),
          updated_at: now(),
          finished_at: null,
          dismissed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = made.id;
    } catch (error) {
      // Another instance started one in between: the unique index on running jobs refused it.
      if (await running()) return null;
      throw error;
    }
    const job = { stop: false, done: Promise.resolve() };
    job.done = this.run(id, students, summary, job).finally(() => this.running.delete(id));
    this.running.set(id, job);
    return id;
  }

  /** Ends this instance's running jobs as interrupted (the server is stopping). */
  async stop(): Promise<void> {
    for (const job of this.running.values()) job.stop = true;
    await Promise.all([...this.running.values()].map((j) => j.done));
  }

  private async run(
    id: number,
    students: CheckedStudent[],
    summary: string,
    job: { stop: boolean },
  ): Promise<void> {
    const { db, now, today, timeZone } = this.deps;
    const end = (status: 'done' | 'failed', message: string) =>
      db
        .updateTable('import_jobs')
        .set({ status, message, updated_at: now(), finished_at: now() })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    try {
      const hashed: HashedStudent[] = [];
      // Progress is written by elapsed real time: a test's fixed clock would never beat.
      let beat = performance.now();
      for (const row of students) {
        if (job.stop) throw new Stopped();
        const password = row.password || generatePassword();
        // One at a time, on purpose (see above).
        hashed.push({ row, password, hash: await hashPassword(password) });
        if (performance.now() - beat >= BEAT_MS || hashed.length === students.length) {
          beat = performance.now();
          await db
            .updateTable('import_jobs')
            .set({ done: hashed.length, updated_at: now() })
            .where('id', '=', id)
            .execute();
        }
      }
      const credentials: Credential[] = hashed.map(({ row, password }) => ({
        name: row.name,
        class: row.className,
        username: row.username,
        password,
      }));
      await writeStudents(
        db,
        hashed,
        { now: now(), today: today(), timeZone: timeZone() },
        async (trx) => {
          // Written with the students, or not at all: a job seen as interrupted meanwhile
          // (its heartbeat lapsed) writes nobody.
          const ended = await trx
            .updateTable('import_jobs')
            .set({
              status: 'done',
              imported: hashed.length,
              credentials: JSON.stringify(credentials),
              message:
                `Imported ${hashed.length} ${hashed.length === 1 ? 'student' : 'students'}. ${summary.replace(/^.*? will be imported\. ?/, '')}`.trim(),
              updated_at: now(),
              finished_at: now(),
            })
            .where('id', '=', id)
            .where('status', '=', 'running')
            .executeTakeFirst();
          if (Number(ended.numUpdatedRows) !== 1) throw new ImportRefused(INTERRUPTED);
        },
      );
      if (hashed.length > 0) await this.deps.live.publish('users', { admins: true });
    } catch (error) {
      if (error instanceof Stopped) await end('failed', INTERRUPTED);
      else if (error instanceof ImportRefused) await end('failed', error.message);
      else {
        this.deps.warn(error, `import job ${id} failed`);
        await end('failed', 'The import failed and nothing was imported. Please try again.').catch(
          () => {},
        );
      }
    }
  }
}

/** Running jobs whose instance is gone (no heartbeat for STALE_MS) end as interrupted. */
export async function endStaleJobs(db: Db, now: number): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed', message: INTERRUPTED, updated_at: now, finished_at: now })
    .where('status', '=', 'running')
    .where('updated_at', '<', now - STALE_MS)
    .execute();
}

/** The imports not dismissed, newest first (at most 10), stale ones ended first. */
export async function listOpenJobs(db: Db, now: number) {
  await endStaleJobs(db, now);
  return db
    .selectFrom('import_jobs')
    .select([
      'id',
      'status',
      'total',
      'done',
      'imported',
      'message',
      'created_at',
      'finished_at',
      (eb) => eb('credentials', 'is not', null).as('has_credentials'),
    ])
    .where('dismissed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
}

export function findJob(db: Db, id: number) {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The job leaves the screen and its passwords are deleted; the record stays. */
export async function dismissJob(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ credentials: null, dismissed_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}
