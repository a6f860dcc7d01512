import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/index.js';
import { type LeasedWorker, leasedWorker, runWhileOpen } from '../../../db/leased-worker.js';
import type { Live } from '../../../live/live.js';
import { type Warn, warnTo } from '../../../warn.js';
import { makeDueCards } from '../mistakes/cards-data.js';
import { closeOverdueOf } from './attempts-data.js';

/**
 * Closes the attempts nobody came back to (issue 51, point 2): an attempt past its deadline is
 * closed by whoever reads or writes it next; one the student left (the phone closed, the
 * battery gone) is closed here, on whichever instance holds the lease, with closed_by 'time'
 * and marked from what was saved, so the teacher's list and the marks do not wait for the
 * student to come back. The students whose attempts closed hear of it on their live streams.
 * It also makes the mistake cards of quizzes set to 'make' once their reviews show the right
 * answers (mistakes/cards-data.ts), once per attempt.
 */
export function quizCloser(options: {
  db: Db;
  now: () => number;
  /** The academy's today (its time zone's): a card made here is due from it. */
  today: () => string;
  everyMs: number;
  live: Pick<Live, 'publish'>;
  warn: Warn;
}): LeasedWorker<number[]> {
  const { db, live } = options;
  return leasedWorker({
    name: 'quiz-closer',
    db,
    now: options.now,
    everyMs: options.everyMs,
    warn: options.warn,
    idle: () => [],
    run: async (now, lease) => {
      const closed: number[] = [];
      // 500 a batch; a school's thousands of abandoned attempts take a few batches.
      for (;;) {
        const batch = await closeOverdueOf(db, {}, now);
        closed.push(...batch);
        if (batch.length < 500 || !(await lease.renew(options.now()))) break;
      }
      // Then the cards of quizzes set to 'make' whose reviews now show the right answers
      // (point 6): a review 'after close' whose window has closed, or an attempt just closed.
      const carded = await makeDueCards(db, { now, today: options.today() }, () =>
        lease.renew(options.now()),
      );
      if (closed.length > 0)
        await live.publish('quizzes', { users: [...new Set(closed)], admins: true });
      if (carded.length > 0) await live.publish('cards', { users: carded, admins: true });
      return closed;
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Closes attempts past their deadline (quiz-closer.ts). */
    quizCloser: LeasedWorker<number[]>;
  }
}

/**
 * The closer as a service, registered as the app's others are (app.ts `services`), every
 * QUIZZES_EVERY_SECONDS (a minute; attempts are closed on reading in between). Tests (0) run
 * it by hand, as they run the reminders.
 */
async function quizCloserService(app: FastifyInstance) {
  const { db, now, config } = app.base;
  const worker = quizCloser({
    db,
    now,
    today: app.today,
    everyMs: config.QUIZZES_EVERY_SECONDS * 1000,
    live: app.live,
    warn: warnTo(app.log),
  });
  app.decorate('quizCloser', worker);
  runWhileOpen(app, worker);
}

export default fp(quizCloserService, { name: 'quiz-closer', dependencies: ['live', 'settings'] });
