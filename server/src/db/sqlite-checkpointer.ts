import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Warn } from '../warn.js';

/** How often the checkpointer copies the WAL's new pages into the database file. */
const CHECKPOINT_EVERY_MS = 1_000;

/**
 * The writer's own checkpoint, kept as a backstop only: should the checkpointer stop or fall
 * behind, a commit that finds the WAL this many pages long (40 MB of 4 kB pages) checkpoints
 * on the request thread, as SQLite does by default at 1,000.
 */
export const WAL_BACKSTOP_PAGES = 10_000;

/**
 * The worker's code. A worker started from a file would need that file built beside the
 * server's (the tests run the TypeScript itself), so it is given as a script: it opens its own
 * connection to the file and, every CHECKPOINT_EVERY_MS, checkpoints PASSIVE, which copies
 * what it can without waiting for (or holding up) the server's readers and writer.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection; resolves once it has. */
  stop(): Promise<void>;
}

/**
 * Copies the WAL into the database file on a thread of its own. SQLite checkpoints inside the
 * commit that finds the WAL over 1,000 pages, and that commit fsyncs the WAL and the file: in a
 * school day of 3,000 students, one commit in 130 took 10 ms on the request thread (every
 * request waited), half of all the time spent committing (bench:day, docs/decisions.md). The
 * worker does it beside the requests, on the machine's other core.
 */
export function startCheckpointer(file: string, warn: Warn): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS },
  });
  let stopping = false;
  worker.on('message', (message: string) => warn(message, 'the WAL checkpoint failed'));
  // A database closed (and its directory removed, as the tests do) before the worker had
  // opened it fails the worker's open: nothing was left to copy, so nothing is said.
  worker.on('error', (error) => {
    if (!stopping) warn(error, 'the WAL checkpointer stopped');
  });
  // It never keeps the process alive: the server's own close stops it.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: async () => {
      stopping = true;
      // Held until it has gone: an unref'd worker awaited would let the process end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
