import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { relayLiveMessages } from './live/process-channel.js';

/**
 * The server on several processes (PROCESSES): this one, the first, starts them and keeps
 * them running; they share its port (Node's cluster hands each new connection to the next
 * in turn) and its database, and tell each other of changes and ended sessions through it
 * (live/process-channel.ts). One process uses one core however many the machine has;
 * docs/decisions.md has what a second one bought.
 */
export interface ServerProcesses {
  /** The port, once every process listens; fails if one ends before. */
  listening: Promise<number>;
  /** Stops every process as a supervisor stops one server (SIGTERM), and waits for them. */
  stop(): Promise<void>;
}

/** A process that ends within this long of starting is started again only after a pause. */
const QUICK_END_MS = 10_000;
/** The pauses after such quick ends in a row, the last repeated. */
const PAUSES_MS = [1_000, 5_000, 30_000];
/**
 * How long a stopping process has to finish its requests before it is killed: inside the
 * 10 s this one gives itself to stop (main.ts), so it ends having seen every process end.
 */
const STOP_MS = 9_000;

export function startServerProcesses(count: number, log: Pick<Logger, 'error'>): ServerProcesses {
  let stopping = false;
  let serving = false;
  let quickEnds = 0;
  const startedAt = new WeakMap<Worker, number>();
  const workers = () => Object.values(cluster.workers ?? {});

  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker, performance.now());
  };

  cluster.on('message', (from, message) => relayLiveMessages(from, message, workers()));

  let failStart: (error: Error) => void = () => {};
  const listening = new Promise<number>((resolve, reject) => {
    failStart = reject;
    let ready = 0;
    cluster.on('listening', (_worker, address) => {
      ready += 1;
      if (ready === count && !serving) {
        serving = true;
        resolve(address.port);
      }
    });
  });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!serving) {
      // One that cannot start (a setting found wrong only when used) would not start again:
      // the server stops, and says why (the process wrote it on standard error).
      failStart(new Error(`a server process ended before it listened (exit code ${code})`));
      return;
    }
    // Elapsed real time (a clock set back must not count as a quick end), not the app's clock.
    const quick = performance.now() - (startedAt.get(worker) ?? 0) < QUICK_END_MS;
    quickEnds = quick ? quickEnds + 1 : 0;
    const pause = quickEnds === 0 ? 0 : (PAUSES_MS[Math.min(quickEnds, PAUSES_MS.length) - 1] ?? 0);
    log.error(
      { worker: worker.process.pid, code, signal, restartInMs: pause },
      'a server process ended; another takes its place',
    );
    // Not unref'd: with every process gone, this timer is what keeps this one running.
    setTimeout(() => {
      if (!stopping) start();
    }, pause);
  });

  for (let i = 0; i < count; i += 1) start();

  return {
    listening,
    async stop() {
      stopping = true;
      const running = workers().filter((w): w is Worker => !!w && !w.isDead());
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_MS);
              kill.unref();
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
