import type { Worker } from 'node:cluster';
import type { OpenChannel } from './cluster.js';

/**
 * The channel between the processes of one server (PROCESSES, processes.ts): each sends its
 * messages to the process that started them, over the pipe Node keeps between the two, and
 * that process passes each on to every other. The database's own notices would not do here:
 * SQLite has none.
 *
 * A message on the pipe is `{ live: <the JSON a PostgreSQL notice carries> }`, decoded (and
 * checked) by the one who hears it, exactly as a notice is.
 */

interface Relayed {
  live: string;
}

function isRelayed(message: unknown): message is Relayed {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { live?: unknown }).live === 'string'
  );
}

/**
 * The channel of a process started by another (this process's `process.send` exists). It
 * hears from the moment it opens, so it never reports hearing (nor the settings read again
 * that hearing again brings): the pipe is there before the process runs any code, and
 * should it close, the process ends (main.ts), so nothing goes unheard while it serves.
 */
export function processChannel(): OpenChannel {
  return (listener) => {
    const hear = (message: unknown) => {
      if (isRelayed(message)) listener.onNotice(message.live);
    };
    process.on('message', hear);
    return {
      ready: Promise.resolve(),
      sendsOnCommit: false,
      send: async (_db, from, messages) => {
        for (const message of messages) {
          const relayed: Relayed = { live: JSON.stringify({ from, ...message }) };
          await new Promise<void>((resolve, reject) => {
            if (!process.send) return reject(new Error('this process was not started by another'));
            process.send(relayed, undefined, {}, (error) => (error ? reject(error) : resolve()));
          });
        }
      },
      close: async () => {
        process.off('message', hear);
      },
    };
  };
}

/**
 * In the process that started the others: passes every message one sends to all the others
 * (never back to its sender, which has applied it already). A process that is stopping
 * misses it, as it takes no more requests.
 */
export function relayLiveMessages(
  from: Worker,
  message: unknown,
  workers: Iterable<Worker | undefined>,
): void {
  if (!isRelayed(message)) return;
  for (const worker of workers) {
    // A pipe that closes meanwhile (the process ended) loses the message with the process.
    if (worker && worker !== from && worker.isConnected())
      worker.send(message, undefined, {}, () => {});
  }
}
