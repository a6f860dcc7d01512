import './runtime-check.js';
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { type BaseLogger, pino } from 'pino';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Db, openDatabase } from './db/index.js';
import { ensureFirstAdmin } from './features/users/users-data.js';
import { sweepOrphanFiles } from './files/sweep.js';
import { startServerProcesses } from './processes.js';
import { markServing } from './serving-marker.js';
import { openFileStorage } from './storage/open-storage.js';
import type { FileStorage } from './storage/storage.js';
import { warnTo } from './warn.js';

/** What the start-up writes to: Fastify's log in a serving process, pino's in the first. */
type Log = Pick<BaseLogger, 'info' | 'error'>;

/**
 * Starts the server: read config, prepare the data, listen, stop cleanly. On one process
 * (PROCESSES=1, the default) this process does it all; on several, this one prepares the
 * data and starts the others, which listen (processes.ts).
 */
async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isWorker) return serve(config, { only: false });
  if (config.PROCESSES === 1) return serve(config, { only: true });
  return supervise(config);
}

/** The configuration, or the process ends with the message naming what is wrong. */
function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * A process that answers requests. `only`: it is the whole server, and prepares the data
 * itself; otherwise the first process has, and tells it when to stop by ending.
 */
async function serve(config: Config, { only }: { only: boolean }): Promise<void> {
  const app = await buildApp({ config });
  if (only) await prepare(app.deps.db, app.deps.storage, config, app.log);

  let unmark = () => {};
  const stop = stopOnSignals(app.log, async () => {
    await app.close();
    unmark();
  });
  // The first process is gone (killed hard): nothing would restart or stop this one.
  if (!only) process.on('disconnect', () => void stop('the first process ended'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Once a start: by the whole server, or by the first process the first one started (one
  // started again in the place of another gets a new id).
  if (only || cluster.worker?.id === 1)
    sweepOrphans(app.deps.db, app.deps.storage, config, app.log);
  if (!only) return;
  unmark = markServing(config.DATA_DIR);
  announceAddress(config, (app.server.address() as AddressInfo).port);
}

/**
 * The first of several processes: prepares the data, then starts and keeps the others. It
 * holds no connection to the database while they serve: closing one copies the WAL into
 * the file, and that holds up every writer until the readers are done.
 */
async function supervise(config: Config): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL });
  const warn = warnTo(log);
  const { db } = await openDatabase(config, warn);
  const storage = await openFileStorage(config);
  try {
    await prepare(db, storage, config, log);
  } finally {
    await db.destroy();
    await storage.close?.();
  }

  const processes = startServerProcesses(config.PROCESSES, log);
  let unmark = () => {};
  stopOnSignals(log, async () => {
    await processes.stop();
    unmark();
  });
  let port: number;
  try {
    port = await processes.listening;
  } catch (error) {
    await processes.stop();
    throw error;
  }
  unmark = markServing(config.DATA_DIR);
  announceAddress(config, port, config.PROCESSES);
}

/**
 * Before the first request: uploads a kill cut off half-way go (nothing writes them now),
 * and a new academy gets its first administrator.
 */
async function prepare(db: Db, storage: FileStorage, config: Config, log: Log) {
  const unfinished = await storage.clearUnfinished?.();
  if (unfinished) log.info({ removed: unfinished }, 'removed uploads a crash left half-written');
  const admin = await ensureFirstAdmin(db, {
    username: config.ADMIN_USERNAME,
    ...(config.ADMIN_PASSWORD ? { password: config.ADMIN_PASSWORD } : {}),
    now: Date.now(),
  });
  if (admin.created) {
    const password = admin.generatedPassword
      ? `password: ${admin.generatedPassword}   (shown only this once; change it after logging in)`
      : 'password: from ADMIN_PASSWORD';
    console.log(
      `\nCreated the first administrator.\n  username: ${admin.username}\n  ${password}\n`,
    );
  }
}

/**
 * Bytes a crash left without their row (older than the margin, to spare other instances'
 * uploads in flight), swept beside the requests.
 */
function sweepOrphans(db: Db, storage: FileStorage, config: Config, log: Log): void {
  sweepOrphanFiles(db, storage, Date.now() - config.ORPHAN_FILE_MIN_AGE_SECONDS * 1000)
    .then((removed) => log.info({ removed }, 'swept stored files without a row'))
    .catch((error: unknown) => log.error({ err: error }, 'the sweep of orphan files failed'));
}

/** SIGINT and SIGTERM run `close` once, then end the process; stuck for 10 s, it ends anyway. */
function stopOnSignals(log: Log, close: () => Promise<void>): (why: string) => Promise<void> {
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: why }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return stop;
}

function announceAddress(config: Config, port: number, processes = 1): void {
  const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  const on = processes > 1 ? ` on ${processes} processes` : '';
  console.log(`${config.ACADEMY_NAME} is running at http://${host}:${port}${on}`);
}

main().catch((error: unknown) => {
  // A setting that turns out wrong only once used (an S3 bucket that cannot be reached) is
  // reported like a bad value: its message, without a stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
